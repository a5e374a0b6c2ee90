/**
 * The cotejo URL of an invoice's QR code (Orden HAC/1177/2024 art. 21; AEAT
 * "Detalle de las especificaciones técnicas del código QR de la factura" v0.4.7,
 * sections 4-6): ValidarQR with nif, numserie, fecha (dd-mm-yyyy) and importe,
 * each URL-encoded in UTF-8, on the AEAT's test or production host following
 * VERIFACTU_ENDPOINT's environment. Pure apart from the one setting below.
 */

const PRODUCTION = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR';
const TESTING = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR';

let base = TESTING;

/** The QR's host follows the web service's: production for the AEAT's production host, the test host otherwise. */
export function setVerifactuEndpoint(endpoint: string): void {
  const host = new URL(endpoint).hostname;
  base =
    host === 'agenciatributaria.gob.es' || host.endsWith('.agenciatributaria.gob.es') ? PRODUCTION : TESTING;
}

export function cotejoUrl(p: { nif: string; numSerie: string; fecha: string; importe: string }): string {
  const query = [
    ['nif', p.nif],
    ['numserie', p.numSerie],
    ['fecha', p.fecha],
    ['importe', p.importe],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v ?? '')}`)
    .join('&');
  return `${base}?${query}`;
}
