import { createHash } from 'node:crypto';

/**
 * The huella (hash) of a registro de facturación, exactly as the AEAT's
 * "Detalle de las especificaciones técnicas para generación de la huella o
 * hash de los registros de facturación" (v0.1.2, 27/08/2024) gives it
 * (Orden HAC/1177/2024 art. 13): the fields below, in this order, as
 * `Campo=valor` joined with `&`, each value trimmed (an absent value leaves
 * `Campo=`), the string encoded in UTF-8, SHA-256, upper-case hexadecimal.
 * Pure: no I/O.
 */

export interface AltaHashFields {
  idEmisorFactura: string;
  numSerieFactura: string;
  /** dd-mm-yyyy */
  fechaExpedicionFactura: string;
  tipoFactura: string;
  /** As written in the XML ('12.35'). */
  cuotaTotal: string;
  importeTotal: string;
  /** The previous record's huella; empty for the first record. */
  huellaAnterior: string | null;
  fechaHoraHusoGenRegistro: string;
}

export interface AnulacionHashFields {
  idEmisorFacturaAnulada: string;
  numSerieFacturaAnulada: string;
  fechaExpedicionFacturaAnulada: string;
  huellaAnterior: string | null;
  fechaHoraHusoGenRegistro: string;
}

function chainString(pairs: [string, string | null][]): string {
  return pairs.map(([name, value]) => `${name}=${(value ?? '').trim()}`).join('&');
}

export function sha256Upper(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The string hashed for a registro de alta (spec 3.a). */
export function altaHashInput(f: AltaHashFields): string {
  return chainString([
    ['IDEmisorFactura', f.idEmisorFactura],
    ['NumSerieFactura', f.numSerieFactura],
    ['FechaExpedicionFactura', f.fechaExpedicionFactura],
    ['TipoFactura', f.tipoFactura],
    ['CuotaTotal', f.cuotaTotal],
    ['ImporteTotal', f.importeTotal],
    ['Huella', f.huellaAnterior],
    ['FechaHoraHusoGenRegistro', f.fechaHoraHusoGenRegistro],
  ]);
}

/** The string hashed for a registro de anulación (spec 3.b). */
export function anulacionHashInput(f: AnulacionHashFields): string {
  return chainString([
    ['IDEmisorFacturaAnulada', f.idEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', f.numSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', f.fechaExpedicionFacturaAnulada],
    ['Huella', f.huellaAnterior],
    ['FechaHoraHusoGenRegistro', f.fechaHoraHusoGenRegistro],
  ]);
}

export const huellaAlta = (f: AltaHashFields): string => sha256Upper(altaHashInput(f));
export const huellaAnulacion = (f: AnulacionHashFields): string => sha256Upper(anulacionHashInput(f));
