import { fromWallClock, promiseDeadline, seededHolidays } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarHolidays, registries } from '../../db/schema/index.ts';
import { type AdminClient, adminSend, signedInOperator } from '../../testing/admin.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

describe.each(testDatabaseKinds())('registry calendars (%s)', (kind) => {
  let t: TestApp;
  let agent: AdminClient;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    agent = await signedInOperator(t.app, 'agent');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('seeds the 2026 and 2027 holidays once', async () => {
    const rows = await t.app.db.select().from(calendarHolidays);
    expect(rows.length).toBe(seededHolidays().length);
    expect(rows.some((r) => r.date === '2026-11-02' && r.region === 'MD')).toBe(true);
    expect(rows.some((r) => r.date === '2027-06-24' && r.municipality === 'Porto')).toBe(true);
  });

  it('promises from the registry serving the place, or null (nsCopy) when none is known', async () => {
    const madrid = await t.app.inject({ url: '/desktopapp/rest/delivery-promise?municipio=Madrid&urgent=1' });
    expect(madrid.statusCode).toBe(200);
    const body = madrid.json();
    expect(body.time_zone).toBe('Europe/Madrid');
    expect(Date.parse(body.promised_at)).toBeGreaterThan(Date.now());
    const porto = (
      await t.app.inject({ url: '/desktopapp/rest/delivery-promise?municipio=Porto,%20Porto,%20Cedofeita' })
    ).json();
    expect(porto.time_zone).toBe('Europe/Lisbon');
    expect(porto.promised_at).not.toBeNull();
    const unknown = (
      await t.app.inject({ url: '/desktopapp/rest/delivery-promise?municipio=Villanueva%20del%20Nada' })
    ).json();
    expect(unknown).toEqual({ ok: true, promised_at: null, time_zone: 'Europe/Madrid' });
    expect((await t.app.inject({ url: '/desktopapp/rest/delivery-promise' })).statusCode).toBe(400);
  });

  it('an operator adds a holiday: the promise moves past it at once, audited', async () => {
    const snapshot = await t.app.calendars.snapshot();
    const start = fromWallClock('2026-11-10', 13 * 60, 'Europe/Madrid');
    const before = snapshot.registryFor('Madrid');
    expect(before?.calendar.holidays.has('2026-11-11')).toBe(false);

    const invalid = await adminSend(t.app, agent, {
      method: 'POST',
      url: '/admin/api/calendars/holidays',
      payload: { date: '2026-02-30', country: 'PT', region: 'MD', name: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('date');

    const added = await adminSend(t.app, agent, {
      method: 'POST',
      url: '/admin/api/calendars/holidays',
      payload: { date: '2026-11-11', country: 'ES', municipality: '28079', name: 'Fiesta de prueba' },
    });
    expect(added.statusCode).toBe(200);
    const after = (await t.app.calendars.snapshot()).registryFor('Madrid');
    expect(after?.calendar.holidays.has('2026-11-11')).toBe(true);
    if (!after) throw new Error('unreachable');
    // 13:00 Tuesday + 3h: 1h Tuesday, Wednesday 11th now closed, 2h Thursday.
    expect(promiseDeadline(start, 3, after.calendar).toISOString()).toBe(
      fromWallClock('2026-11-12', 11 * 60, 'Europe/Madrid').toISOString(),
    );
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'calendar.holiday_added'),
          eq(auditLog.entityId, String(added.json().holiday.id)),
        ),
      );
    expect(audit).toHaveLength(1);

    const removed = await adminSend(t.app, agent, {
      method: 'DELETE',
      url: `/admin/api/calendars/holidays/${added.json().holiday.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.calendars.snapshot()).registryFor('Madrid')?.calendar.holidays.has('2026-11-11'),
    ).toBe(false);
  });

  it('an operator edits a registry hours, checked by the domain schema', async () => {
    const [row] = await t.app.db.select().from(registries).where(eq(registries.municipality, 'Madrid'));
    if (!row) throw new Error('Madrid example registry missing');
    const url = `/admin/api/calendars/registries/${row.id}`;
    const bad = await adminSend(t.app, agent, {
      method: 'PUT',
      url,
      payload: {
        delivery_hours: 3,
        urgent_delivery_hours: 2,
        opens_at: '14:00',
        closes_at: '09:00',
        saturday_closes_at: '25:00',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['closes_at', 'saturday_closes_at']);
    const ok = await adminSend(t.app, agent, {
      method: 'PUT',
      url,
      payload: {
        delivery_hours: 3,
        urgent_delivery_hours: 2,
        opens_at: '09:00',
        closes_at: '14:00',
        saturday_closes_at: '13:00',
      },
    });
    expect(ok.statusCode).toBe(200);
    const entry = (await t.app.calendars.snapshot()).registryFor('Madrid');
    expect(entry?.hours).toEqual({ standard: 3, urgent: 2 });
    expect(entry?.calendar.saturday).toEqual({ opens: '09:00', closes: '13:00' });
    const list = (await adminSend(t.app, agent, { url: '/admin/api/calendars' })).json();
    expect(list.registries.find((r: { id: number }) => r.id === row.id).urgent_delivery_hours).toBe(2);
    expect(list.holidays.length).toBe(seededHolidays().length);
  });
});
