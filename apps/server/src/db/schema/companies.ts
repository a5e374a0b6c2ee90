import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Companies the company searches (sociedad.php, organizacoes.php) answer from.
 * No public company register is available offline, so operators manage the rows;
 * the seed adds a few example rows marked is_example.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** CIF for Spanish companies, NIPC for Portuguese organisations; upper case, no spaces. */
    taxId: text('tax_id').notNull(),
    country: text('country').$type<'es' | 'pt'>().notNull(),
    municipality: text('municipality').notNull().default(''),
    isExample: boolean('is_example').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_country_tax_id_uq').on(t.country, t.taxId)],
);

export type CompanyRow = typeof companies.$inferSelect;
