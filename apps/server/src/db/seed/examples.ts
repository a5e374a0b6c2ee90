import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { registries, slowRegistryPlaces } from '../schema/index.ts';

/**
 * EXAMPLE rows for the operator-managed tables. No public dataset of the
 * Spanish Registros de la Propiedad exists (reference/README.md "Gaps"), so
 * these rows only show the shape: names say "(ejemplo)", addresses and phones
 * are placeholders, delivery hours are invented. They carry is_example = true;
 * an operator replaces them. Inserted only while the table is empty, so rows an
 * operator deleted do not come back.
 */
export const exampleRegistries: (typeof registries.$inferInsert)[] = [
  {
    name: 'Registro de la Propiedad de Madrid (ejemplo)',
    municipality: 'Madrid',
    municipalityIne: '28079',
    address: 'Dirección de ejemplo, Madrid',
    phone: '+34 910 000 000',
    deliveryHours: 3,
    isExample: true,
  },
  {
    name: 'Registro de la Propiedad de Barcelona (ejemplo)',
    municipality: 'Barcelona',
    municipalityIne: '08019',
    address: 'Dirección de ejemplo, Barcelona',
    phone: '+34 930 000 000',
    deliveryHours: 8,
    isExample: true,
  },
  {
    name: 'Registro de la Propiedad de Marbella (ejemplo)',
    municipality: 'Marbella',
    municipalityIne: '29069',
    address: 'Dirección de ejemplo, Marbella',
    phone: '+34 950 000 000',
    deliveryHours: 24,
    isExample: true,
  },
  {
    name: 'Registro de la Propiedad de Puebla de Sanabria (ejemplo)',
    municipality: 'Puebla de Sanabria',
    municipalityIne: '49166',
    address: 'Dirección de ejemplo, Puebla de Sanabria',
    phone: '+34 980 000 000',
    deliveryHours: 48,
    isExample: true,
  },
  // Portuguese conservatórias do registo predial (ADR 034): municipality is the concelho.
  {
    name: 'Conservatória do Registo Predial do Porto (exemplo)',
    country: 'PT',
    municipality: 'Porto',
    address: 'Morada de exemplo, Porto',
    phone: '+351 220 000 000',
    deliveryHours: 5,
    opensAt: '09:00',
    closesAt: '16:00',
    isExample: true,
  },
  {
    name: 'Conservatória do Registo Predial de Lisboa (exemplo)',
    country: 'PT',
    municipality: 'Lisboa',
    address: 'Morada de exemplo, Lisboa',
    phone: '+351 210 000 000',
    deliveryHours: 5,
    opensAt: '09:00',
    closesAt: '16:00',
    isExample: true,
  },
];

/**
 * EXAMPLE slow-registry place names (spec 5 "slow registry": the real list is
 * not reproduced in the spec). Real municipality names so that the slow-registry
 * branch can be tried; is_example = true marks them for replacement.
 */
export const exampleSlowRegistryPlaces: (typeof slowRegistryPlaces.$inferInsert)[] = [
  { name: 'Puebla de Sanabria', isExample: true },
  { name: 'Valverde del Camino', isExample: true },
  { name: 'Villafranca de los Barros', isExample: true },
];

async function isEmpty(db: AppDb, table: typeof registries | typeof slowRegistryPlaces): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedExamples(db: AppDb): Promise<void> {
  if (await isEmpty(db, registries)) await db.insert(registries).values(exampleRegistries);
  if (await isEmpty(db, slowRegistryPlaces))
    await db.insert(slowRegistryPlaces).values(exampleSlowRegistryPlaces);
}
