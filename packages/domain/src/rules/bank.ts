const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** The CCC control digit of 10 digits (weights 1 2 4 8 5 10 9 7 3 6, mod 11). */
export function cccControlDigit(tenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * (CCC_WEIGHTS[i] as number);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return 1;
  return digit;
}

/** A Spanish account as the client record stores it (spec 3): entidad 4, oficina 4, dc 2, cuenta 10 digits. */
export type Ccc = { entidad: string; oficina: string; dc: string; cuenta: string };

/** Spanish CCC: both control digits (bank+branch, then account) verified. */
export function isValidCcc(ccc: Ccc): boolean {
  const { entidad, oficina, dc, cuenta } = ccc;
  if (
    !/^\d{4}$/.test(entidad) ||
    !/^\d{4}$/.test(oficina) ||
    !/^\d{2}$/.test(dc) ||
    !/^\d{10}$/.test(cuenta)
  ) {
    return false;
  }
  return `${cccControlDigit(`00${entidad}${oficina}`)}${cccControlDigit(cuenta)}` === dc;
}

/** IBAN lengths checked per country; others need 15 to 34 characters. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = { ES: 24, PT: 25 };

/** Remainder of a long decimal string modulo 97. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** Removes spaces and upper-cases an IBAN. */
export function compactIban(text: string): string {
  return text.replace(/\s/g, '').toUpperCase();
}

/** IBAN of any country: mod-97 check, with the exact length for ES (24) and PT (25). */
export function isValidIban(text: string): boolean {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}

/** The Spanish IBAN of a CCC (check digits computed). */
export function cccToIban(ccc: Ccc): string {
  const bban = `${ccc.entidad}${ccc.oficina}${ccc.dc}${ccc.cuenta}`;
  const check = 98 - mod97(`${bban}142800`);
  return `ES${String(check).padStart(2, '0')}${bban}`;
}
