import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { companies } from '../schema/index.ts';

/**
 * EXAMPLE rows of the operator-managed company table (sociedad.php and
 * organizacoes.php). No public register of Spanish companies or Portuguese
 * organisations is available offline, so these rows only show the shape:
 * the names say "(ejemplo)" / "(exemplo)" and the tax ids are made up (they
 * pass the CIF / NIPC check digit, nothing more). An operator replaces them.
 * Inserted only while the table is empty, so deleted rows do not come back.
 */
export const exampleCompanies: (typeof companies.$inferInsert)[] = [
  {
    name: 'Inmobiliaria Ejemplo Madrid S.L. (ejemplo)',
    taxId: 'B28000016',
    country: 'es',
    municipality: 'Madrid',
    isExample: true,
  },
  {
    name: 'Construcciones Ejemplo Barcelona S.A. (ejemplo)',
    taxId: 'B08000028',
    country: 'es',
    municipality: 'Barcelona',
    isExample: true,
  },
  {
    name: 'Gestión de Inmuebles Ejemplo S.L. (ejemplo)',
    taxId: 'B46000030',
    country: 'es',
    municipality: 'Valencia',
    isExample: true,
  },
  {
    name: 'Promociones Costa Ejemplo S.L. (ejemplo)',
    taxId: 'B29000049',
    country: 'es',
    municipality: 'Marbella',
    isExample: true,
  },
  {
    name: 'Imobiliária Exemplo Lisboa, Lda. (exemplo)',
    taxId: '500000018',
    country: 'pt',
    municipality: 'Lisboa',
    isExample: true,
  },
  {
    name: 'Construções Exemplo do Porto, S.A. (exemplo)',
    taxId: '500000026',
    country: 'pt',
    municipality: 'Porto',
    isExample: true,
  },
  {
    name: 'Gestão Predial Exemplo, Lda. (exemplo)',
    taxId: '500000034',
    country: 'pt',
    municipality: 'Braga',
    isExample: true,
  },
];

export async function seedCompanies(db: AppDb): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if ((row?.n ?? 0) === 0) await db.insert(companies).values(exampleCompanies);
}
