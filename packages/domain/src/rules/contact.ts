/** Spanish postal code: 5 digits whose first two are a province, 01 to 52. */
export function isValidSpanishPostalCode(text: string): boolean {
  const code = text.trim();
  if (!/^\d{5}$/.test(code)) return false;
  const province = Number(code.slice(0, 2));
  return province >= 1 && province <= 52;
}

/** Portuguese postal code: NNNN-NNN, the first digit 1 to 9. */
export function isValidPortuguesePostalCode(text: string): boolean {
  return /^[1-9]\d{3}-\d{3}$/.test(text.trim());
}

// One '@', no spaces, a dotted domain of letters, digits and hyphens, a TLD of 2+ letters.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** A deliverable-looking e-mail address (at most 254 characters, no leading, trailing or double dots in the local part). */
export function isValidEmail(text: string): boolean {
  const email = text.trim();
  if (email.length > 254 || !EMAIL.test(email)) return false;
  const local = email.slice(0, email.indexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** A phone number: 6 to 15 digits, spaces, dots, hyphens, parentheses and one '+' before the first digit. */
export function isValidPhone(text: string): boolean {
  const phone = text.trim();
  if (!/^[\d\s().+-]+$/.test(phone)) return false;
  const plus = phone.indexOf('+');
  if (plus !== phone.lastIndexOf('+') || (plus >= 0 && /\d/.test(phone.slice(0, plus)))) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}
