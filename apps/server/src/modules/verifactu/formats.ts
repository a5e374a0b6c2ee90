/**
 * How VERI*FACTU writes dates and amounts (SuministroInformacion.xsd): dates
 * dd-mm-yyyy, FechaHoraHusoGenRegistro ISO 8601 with the offset, amounts with
 * a dot and two decimals. Dates are the calendar day in Madrid, where the
 * issuer invoices (the PDF prints the same day). Pure: no I/O.
 */

const TIME_ZONE = 'Europe/Madrid';
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

function partsOf(at: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
}

/** '27-11-2026' */
export function fechaAeat(at: Date): string {
  const p = partsOf(at);
  return `${p.day}-${p.month}-${p.year}`;
}

/** '2026-11-27T13:05:09+01:00' (seconds precision, Madrid's offset). */
export function fechaHoraHuso(at: Date): string {
  const p = partsOf(at);
  // 'GMT+01:00'; 'GMT' alone at offset 0.
  const offset = (p.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** Cents as the AEAT's decimal: 1235 -> '12.35', -500 -> '-5.00'. */
export function importe(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The VAT rate in basis points as the XSD's Tipo2.2 ('21', '10.5'). */
export function tipoImpositivo(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const rest = rateBp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}
