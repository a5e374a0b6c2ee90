import type { HolidayBody, RegistryHoursBody } from '@shop/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { calendarHolidays, registries } from '../../db/schema/index.ts';
import type { RegistryCalendarRow } from './calendar-snapshot.ts';

export async function listRegistryCalendars(db: AppDb): Promise<RegistryCalendarRow[]> {
  return db
    .select({
      id: registries.id,
      country: registries.country,
      municipality: registries.municipality,
      municipalityIne: registries.municipalityIne,
      deliveryHours: registries.deliveryHours,
      urgentDeliveryHours: registries.urgentDeliveryHours,
      opensAt: registries.opensAt,
      closesAt: registries.closesAt,
      saturdayClosesAt: registries.saturdayClosesAt,
    })
    .from(registries)
    .orderBy(asc(registries.id));
}

export async function listHolidays(db: AppDb) {
  return db.select().from(calendarHolidays).orderBy(asc(calendarHolidays.date), asc(calendarHolidays.id));
}

export async function listRegistriesForAdmin(db: AppDb) {
  return db.select().from(registries).orderBy(asc(registries.country), asc(registries.name));
}

export async function insertHoliday(db: AppDb, body: HolidayBody) {
  const [row] = await db
    .insert(calendarHolidays)
    .values({ ...body, seeded: false })
    .returning();
  if (!row) throw new Error('holiday not inserted');
  return row;
}

export async function deleteHoliday(db: AppDb, id: number) {
  const [row] = await db.delete(calendarHolidays).where(eq(calendarHolidays.id, id)).returning();
  return row;
}

export async function updateRegistryHours(db: AppDb, id: number, body: RegistryHoursBody) {
  const [before] = await db.select().from(registries).where(eq(registries.id, id)).for('update');
  if (!before) return null;
  const [after] = await db
    .update(registries)
    .set({
      deliveryHours: body.delivery_hours,
      urgentDeliveryHours: body.urgent_delivery_hours,
      opensAt: body.opens_at,
      closesAt: body.closes_at,
      saturdayClosesAt: body.saturday_closes_at,
    })
    .where(eq(registries.id, id))
    .returning();
  return after ? { before, after } : null;
}
