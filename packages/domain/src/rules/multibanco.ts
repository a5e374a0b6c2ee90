/**
 * Multibanco payment references (SIBS): a 9-digit reference = 7 digits chosen
 * by the merchant + 2 check digits computed over entity (5 digits), those 7
 * digits and the amount in cents (8 digits), ISO 7064 MOD 97-10, so the ATM
 * refuses a mistyped reference or amount.
 */

/** The two check digits of entity + 7-digit id + amount. */
export function multibancoCheckDigits(entity: string, id7: string, amountCents: number): string {
  if (!/^\d{5}$/.test(entity) || !/^\d{7}$/.test(id7)) throw new Error('entity: 5 digits, id: 7 digits');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999) {
    throw new Error('amount out of range');
  }
  const digits = `${entity}${id7}${String(amountCents).padStart(8, '0')}`;
  const rest = Number((BigInt(digits) * 100n) % 97n);
  return String(98 - rest).padStart(2, '0');
}

/** The 9-digit reference for the 7-digit id. */
export function multibancoReference(entity: string, id7: string, amountCents: number): string {
  return `${id7}${multibancoCheckDigits(entity, id7, amountCents)}`;
}

/** True when the reference's check digits hold for this entity and amount. */
export function isValidMultibancoReference(entity: string, reference: string, amountCents: number): boolean {
  const compact = reference.replace(/\s/g, '');
  if (!/^\d{9}$/.test(compact) || !/^\d{5}$/.test(entity)) return false;
  return multibancoCheckDigits(entity, compact.slice(0, 7), amountCents) === compact.slice(7);
}

/** '123456789' -> '123 456 789', as vouchers print it. */
export function formatMultibancoReference(reference: string): string {
  return reference.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** A voucher's amount ('20.76', euros with a dot) in cents, or null when it is not one. */
export function voucherAmountCents(amount: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * When a voucher expires, for the customer: a long date and the time in the
 * store's zone (Lisbon for Portuguese, Madrid otherwise), e.g.
 * '30 de novembro de 2026 às 12:22' (without the time for a mandate's date);
 * the text as given when it is no date.
 */
export function formatVoucherExpiry(
  iso: string,
  language: 'es' | 'pt' | 'en',
  { time = true }: { time?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'pt' ? 'pt-PT' : language === 'en' ? 'en-GB' : 'es-ES', {
    dateStyle: 'long',
    ...(time ? { timeStyle: 'short' } : {}),
    timeZone: language === 'pt' ? 'Europe/Lisbon' : 'Europe/Madrid',
  }).format(date);
}
