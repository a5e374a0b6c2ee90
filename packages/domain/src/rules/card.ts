/** The card problems, named as the validation codes of the schemas (spec 5 "Card"). */
export type CardProblem =
  | 'invalid_card_number'
  | 'card_date_required'
  | 'invalid_card_month'
  | 'invalid_card_year'
  | 'card_expired';

/** Digits of a card number as typed (spaces and hyphens dropped). */
export function compactCardNumber(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'invalid_card_number' unless the card number has 16 digits and passes Luhn; null when valid. */
export function checkCardNumber(text: string): CardProblem | null {
  const digits = compactCardNumber(text);
  return /^\d{16}$/.test(digits) && luhnValid(digits) ? null : 'invalid_card_number';
}

/** The month as the card form stores it, without a leading zero ('03' -> '3'); null when not 1-12. */
export function normalizeCardMonth(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const month = Number(trimmed);
  return month >= 1 && month <= 12 ? String(month) : null;
}

/** A card year as 4 digits ('27' -> 2027, '2027' -> 2027); null when neither. */
export function normalizeCardYear(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return Number(trimmed);
  if (/^\d{2}$/.test(trimmed)) return 2000 + Number(trimmed);
  return null;
}

/** Cards are not issued for longer than this many years. */
export const CARD_MAX_YEARS_AHEAD = 20;

/**
 * Checks a card's expiry against `now` (UTC): a card is valid through the end of
 * its expiry month. Blank month or year -> 'card_date_required'; bad or too far
 * year -> 'invalid_card_year'; month not 1-12 -> 'invalid_card_month'; past -> 'card_expired'.
 */
export function checkCardExpiry(month: string, year: string, now: Date): CardProblem | null {
  if (month.trim() === '' || year.trim() === '') return 'card_date_required';
  const y = normalizeCardYear(year);
  const currentYear = now.getUTCFullYear();
  if (y === null || y < currentYear || y > currentYear + CARD_MAX_YEARS_AHEAD) return 'invalid_card_year';
  const m = normalizeCardMonth(month);
  if (m === null) return 'invalid_card_month';
  if (y === currentYear && Number(m) < now.getUTCMonth() + 1) return 'card_expired';
  return null;
}
