import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import {
  esMunicipalities,
  ptFreguesias,
  ptFreguesias2013,
  registries,
  slowRegistryPlaces,
} from '../../db/schema/index.ts';

/** Every Spanish municipality of the INE reference data, in INE order (the search index and the landing pages). */
export function listMunicipalities(db: AppDb) {
  return db
    .select({
      ine: esMunicipalities.ine,
      name: esMunicipalities.name,
      officialName: esMunicipalities.officialName,
      slug: esMunicipalities.slug,
      province: esMunicipalities.province,
      provinceCode: esMunicipalities.provinceCode,
      ccaa: esMunicipalities.ccaa,
    })
    .from(esMunicipalities)
    .orderBy(asc(esMunicipalities.ine));
}

export function listFreguesias(db: AppDb) {
  return db
    .select({
      code: ptFreguesias.code,
      freguesia: ptFreguesias.freguesia,
      shortName: ptFreguesias.shortName,
      concelho: ptFreguesias.concelho,
      distrito: ptFreguesias.distrito,
    })
    .from(ptFreguesias)
    .orderBy(asc(ptFreguesias.code));
}

/** 2013-2025 freguesias that the current CAOP no longer has (merged or split again in 2025). */
export function listLegacyFreguesias(db: AppDb) {
  return db
    .select({
      code: ptFreguesias2013.code,
      freguesia: ptFreguesias2013.freguesia,
      concelho: ptFreguesias2013.concelho,
      distrito: ptFreguesias2013.distrito,
    })
    .from(ptFreguesias2013)
    .where(eq(ptFreguesias2013.existsInCaop2025, false))
    .orderBy(asc(ptFreguesias2013.code));
}

/** The operator-managed registries: which municipality each serves and its usual delivery hours. */
export function listRegistryHours(db: AppDb) {
  return (
    db
      .select({
        municipalityIne: registries.municipalityIne,
        municipality: registries.municipality,
        deliveryHours: registries.deliveryHours,
      })
      .from(registries)
      // Spanish municipalities only: a Portuguese conservatória's concelho may share a name ('Porto').
      .where(eq(registries.country, 'ES'))
  );
}

/** The operator-managed place names served by slow registries (spec 5). */
export async function listSlowRegistryNames(db: AppDb): Promise<string[]> {
  const rows = await db.select({ name: slowRegistryPlaces.name }).from(slowRegistryPlaces);
  return rows.map((row) => row.name);
}
