import {
  CalendarsAnswerSchema,
  HolidayBodySchema,
  HolidaySchema,
  IdParamsSchema,
  RegistryHoursBodySchema,
  RegistryHoursSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../http/app-error.ts';
import { actorOf } from '../admin/admin.plugin.ts';
import { ANY_OPERATOR } from '../admin/admin-auth.routes.ts';
import { recordAudit } from '../admin/audit.ts';
import {
  deleteHoliday,
  insertHoliday,
  listHolidays,
  listRegistriesForAdmin,
  updateRegistryHours,
} from './calendars.repository.ts';

type RegistryRow = Awaited<ReturnType<typeof listRegistriesForAdmin>>[number];
type HolidayRow = Awaited<ReturnType<typeof listHolidays>>[number];

const registryOut = (r: RegistryRow) => ({
  id: r.id,
  name: r.name,
  country: r.country,
  municipality: r.municipality,
  municipality_ine: r.municipalityIne,
  delivery_hours: r.deliveryHours,
  urgent_delivery_hours: r.urgentDeliveryHours,
  opens_at: r.opensAt,
  closes_at: r.closesAt,
  saturday_closes_at: r.saturdayClosesAt,
});
const holidayOut = (h: HolidayRow) => ({
  id: h.id,
  date: h.date,
  country: h.country,
  region: h.region,
  municipality: h.municipality,
  name: h.name,
  seeded: h.seeded,
});

/**
 * The registry calendars (ADR 034): registries' office and delivery hours and
 * the holidays, edited by every operator; each change audited, the in-memory
 * calendars refreshed here and (NOTIFY) on the other instances.
 */
export const calendarsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendars',
    { config: { admin: ANY_OPERATOR }, schema: { response: { 200: CalendarsAnswerSchema } } },
    async () => {
      const [registries, holidays] = await Promise.all([
        listRegistriesForAdmin(app.db),
        listHolidays(app.db),
      ]);
      return {
        ok: true as const,
        registries: registries.map(registryOut),
        holidays: holidays.map(holidayOut),
      };
    },
  );

  app.post(
    '/calendars/holidays',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        body: HolidayBodySchema,
        response: { 200: z.object({ ok: z.literal(true), holiday: HolidaySchema }) },
      },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertHoliday(tx, request.body);
        await recordAudit(tx, actorOf(request), {
          action: 'calendar.holiday_added',
          entity: 'calendar_holiday',
          entityId: inserted.id,
          after: holidayOut(inserted),
        });
        return inserted;
      });
      app.calendars.invalidate();
      return { ok: true as const, holiday: holidayOut(row) };
    },
  );

  app.delete(
    '/calendars/holidays/:id',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: IdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const removed = await deleteHoliday(tx, request.params.id);
        if (!removed) throw notFound();
        await recordAudit(tx, actorOf(request), {
          action: 'calendar.holiday_removed',
          entity: 'calendar_holiday',
          entityId: removed.id,
          before: holidayOut(removed),
        });
      });
      app.calendars.invalidate();
      return { ok: true as const };
    },
  );

  app.put(
    '/calendars/registries/:id',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: IdParamsSchema,
        body: RegistryHoursBodySchema,
        response: { 200: z.object({ ok: z.literal(true), registry: RegistryHoursSchema }) },
      },
    },
    async (request) => {
      const after = await app.db.transaction(async (tx) => {
        const changed = await updateRegistryHours(tx, request.params.id, request.body);
        if (!changed) throw notFound();
        await recordAudit(tx, actorOf(request), {
          action: 'calendar.registry_hours',
          entity: 'registry',
          entityId: request.params.id,
          before: registryOut(changed.before),
          after: registryOut(changed.after),
        });
        return changed.after;
      });
      app.calendars.invalidate();
      return { ok: true as const, registry: registryOut(after) };
    },
  );
};
