import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { registries } from '../../db/schema/index.ts';

/** The operator's registries: what a landing page says about the municipality's registry. */
export function listLandingRegistries(db: AppDb) {
  return db
    .select({
      name: registries.name,
      address: registries.address,
      phone: registries.phone,
      municipalityIne: registries.municipalityIne,
      municipality: registries.municipality,
      deliveryHours: registries.deliveryHours,
    })
    .from(registries)
    .where(eq(registries.country, 'ES'))
    .orderBy(asc(registries.id));
}
