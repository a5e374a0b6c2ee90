import { boolean, date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * Days registries are closed (operator-managed, seeded for 2026 and 2027 from
 * packages/domain/src/calendars, sources in its README). National when region
 * and municipality are null; a Spanish community's when region is set (ISO
 * 3166-2:ES code); a municipality's when municipality is set (Spain: INE code;
 * Portugal: the concelho's name).
 */
export const calendarHolidays = pgTable(
  'calendar_holidays',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    country: text('country').$type<'ES' | 'PT'>().notNull(),
    region: text('region'),
    municipality: text('municipality'),
    name: text('name').notNull(),
    /** From the seed (false: entered by an operator). */
    seeded: boolean('seeded').notNull().default(false),
  },
  (t) => [index('calendar_holidays_date_idx').on(t.date)],
);
