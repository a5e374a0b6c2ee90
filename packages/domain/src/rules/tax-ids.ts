const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

/** Upper-cases and drops spaces, dots and hyphens, as people type tax ids. */
export function compactId(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

/** The DNI control letter of a number (0-99999999). */
export function dniLetter(number: number): string {
  return DNI_LETTERS.charAt(number % 23);
}

/** Spanish NIF of a person: 8 digits and the DNI letter (also K, L, M + 7 digits + letter). */
export function isValidNif(text: string): boolean {
  const id = compactId(text);
  const dni = /^(\d{8})([A-Z])$/.exec(id);
  if (dni) return dniLetter(Number(dni[1])) === dni[2];
  const klm = /^[KLM](\d{7})([A-Z])$/.exec(id);
  return klm ? dniLetter(Number(klm[1])) === klm[2] : false;
}

/** Spanish NIE: X, Y or Z (read as 0, 1, 2), 7 digits and the DNI letter. */
export function isValidNie(text: string): boolean {
  const match = /^([XYZ])(\d{7})([A-Z])$/.exec(compactId(text));
  if (!match) return false;
  const number = Number(`${'XYZ'.indexOf(match[1] as string)}${match[2]}`);
  return dniLetter(number) === match[3];
}

/** The CIF control digit (0-9) of the 7 central digits. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const digit = Number(digits[i]);
    if (i % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Spanish CIF of an organisation: a type letter, 7 digits and a control that is a
 * letter for types N, P, Q, R, S, W (and when the province digits are 00), a digit
 * for A, B, E, H, and either for the other types.
 */
export function isValidCif(text: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(compactId(text));
  if (!match) return false;
  const [, type, digits, control] = match as unknown as [string, string, string, string];
  const digit = cifControlDigit(digits);
  const letter = CIF_CONTROL_LETTERS.charAt(digit);
  const mustBeLetter = 'NPQRSW'.includes(type) || digits.startsWith('00');
  const mustBeDigit = 'ABEH'.includes(type);
  if (mustBeLetter) return control === letter;
  if (mustBeDigit) return control === String(digit);
  return control === letter || control === String(digit);
}

/** Any Spanish tax id: NIF, NIE or CIF. */
export function isValidSpanishTaxId(text: string): boolean {
  return isValidNif(text) || isValidNie(text) || isValidCif(text);
}

/**
 * Portuguese NIF: 9 digits whose last is the mod-11 check digit; the first digit
 * (1, 2, 3 persons; 5, 6, 7, 8, 9 organisations and special cases) is never 0 or 4
 * except the 45 range of non-resident persons.
 */
export function isValidPortugueseNif(text: string): boolean {
  const id = text.replace(/\s/g, '').replace(/^PT/i, '');
  if (!/^\d{9}$/.test(id)) return false;
  if (id.startsWith('0') || (id.startsWith('4') && !id.startsWith('45'))) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(id[i]) * (9 - i);
  const rest = sum % 11;
  const check = rest < 2 ? 0 : 11 - rest;
  return check === Number(id[8]);
}
