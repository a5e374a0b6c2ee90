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
