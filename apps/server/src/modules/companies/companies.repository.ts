import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { type CompanyRow, companies } from '../../db/schema/index.ts';

export type Country = CompanyRow['country'];

export function listCompanies(db: AppDb, country: Country): Promise<CompanyRow[]> {
  return db.select().from(companies).where(eq(companies.country, country)).orderBy(asc(companies.id));
}
