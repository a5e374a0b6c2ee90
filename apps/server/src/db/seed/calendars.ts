import { seededHolidays } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { calendarHolidays } from '../schema/index.ts';

/**
 * The registry calendars' holidays (packages/domain/src/calendars, sources in
 * its README), per year: a year is seeded only while no row of that year
 * exists, so what operators changed or removed is not put back.
 */
export async function seedCalendars(db: AppDb): Promise<void> {
  const rows = await db
    .select({ year: sql<number>`extract(year from ${calendarHolidays.date})::int` })
    .from(calendarHolidays)
    .groupBy(sql`1`);
  const present = new Set(rows.map((r) => Number(r.year)));
  const missing = seededHolidays().filter((h) => !present.has(Number(h.date.slice(0, 4))));
  if (missing.length > 0) {
    await db.insert(calendarHolidays).values(missing.map((h) => ({ ...h, seeded: true })));
  }
}
