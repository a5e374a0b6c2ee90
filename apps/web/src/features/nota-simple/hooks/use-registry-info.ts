import { isUrgentOffered, type MunicipalityHit, normalizePlaceName } from '@shop/domain';
import { useEffect, useState } from 'react';
import { searchMunicipalities } from '../../../shared/ui/autocomplete-search.ts';
import type { RegistryOffer } from '../utils/ns-steps.ts';

/**
 * Registry hours assumed when the server gives none: the store's delivery promise
 * (config.nsCopy, by default 'Recibir hoy antes de 4 horas laborables') is what
 * the urgent service sells, so an unknown registry is taken to meet it.
 */
export const ASSUMED_DELIVERY_HOURS = 3;

/** What the registry of a municipality offers (spec 5 slow registry, spec 9 urgent under 4 hours). */
export function registryOffer(hit: MunicipalityHit | null): RegistryOffer {
  const slow = hit?.slow_registry === true;
  const deliveryHours = hit?.delivery_hours ?? null;
  return {
    slow,
    deliveryHours,
    urgentOffered: !slow && isUrgentOffered(deliveryHours ?? ASSUMED_DELIVERY_HOURS),
  };
}

const key = (municipio: string, provincia: string) =>
  `${normalizePlaceName(municipio)}|${normalizePlaceName(provincia)}`;
const known = new Map<string, MunicipalityHit | null>();

/** Keeps the hit the visitor picked, so the next steps need no new search. */
export function rememberMunicipality(hit: MunicipalityHit): void {
  known.set(key(hit.name, hit.province), hit);
}

/** Finds the municipality again (after a reload): same name, same province if one matches. */
async function lookUp(municipio: string, provincia: string): Promise<MunicipalityHit | null> {
  const hits = await searchMunicipalities(municipio, new AbortController().signal);
  const named = hits.filter((hit) => normalizePlaceName(hit.name) === normalizePlaceName(municipio));
  return (
    named.find((hit) => normalizePlaceName(hit.province) === normalizePlaceName(provincia)) ??
    named[0] ??
    null
  );
}

export type RegistryInfo = { status: 'loading' } | ({ status: 'ready' } & RegistryOffer);

/** The registry offer of the form's municipality; a failed search counts as unknown data. */
export function useRegistryInfo(municipio: string, provincia: string): RegistryInfo {
  const id = key(municipio, provincia);
  const [hit, setHit] = useState<{ id: string; hit: MunicipalityHit | null } | null>(() =>
    known.has(id) ? { id, hit: known.get(id) ?? null } : null,
  );

  useEffect(() => {
    if (known.has(id)) {
      setHit({ id, hit: known.get(id) ?? null });
      return;
    }
    let live = true;
    lookUp(municipio, provincia).then(
      (found) => {
        known.set(id, found);
        if (live) setHit({ id, hit: found });
      },
      () => live && setHit({ id, hit: null }),
    );
    return () => {
      live = false;
    };
  }, [id, municipio, provincia]);

  if (!hit || hit.id !== id) return { status: 'loading' };
  return { status: 'ready', ...registryOffer(hit.hit) };
}
