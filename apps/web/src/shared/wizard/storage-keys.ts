import type { FixedFlow } from '@shop/domain';

/**
 * Where the wizards keep their forms (spec 3 "Local and session storage keys").
 * The spec names last_ns_form and last_generic_form; it says the certificate,
 * simplified report and properties forms are kept in local storage without
 * naming keys, so we name them in the same style.
 */
export const STORAGE_KEYS = {
  notaSimple: 'last_ns_form',
  certidao: 'last_certidao_form',
  ipredial: 'last_ipredial_form',
  qPropiedades: 'last_qp_form',
  /** sessionStorage: the generic wizard's form (spec 3). */
  generic: 'last_generic_form',
} as const;

/** The localStorage key of each fixed wizard's form. */
export const FLOW_STORAGE_KEYS: Readonly<Record<FixedFlow, string>> = {
  'nota-simple': STORAGE_KEYS.notaSimple,
  'q-propiedades': STORAGE_KEYS.qPropiedades,
  'certidao-permanente': STORAGE_KEYS.certidao,
  'i-predial-simplificada': STORAGE_KEYS.ipredial,
};
