import { asc } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { esMunicipalities, registries } from '../../db/schema/index.ts';

/** Every Spanish municipality of the INE reference data, in INE order (one landing page per folder each). */
export function listLandingMunicipalities(db: AppDb) {
  return db
    .select({
      ine: esMunicipalities.ine,
      name: esMunicipalities.name,
      officialName: esMunicipalities.officialName,
      slug: esMunicipalities.slug,
      province: esMunicipalities.province,
      ccaa: esMunicipalities.ccaa,
    })
    .from(esMunicipalities)
    .orderBy(asc(esMunicipalities.ine));
}

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
    .orderBy(asc(registries.id));
}
