/**
 * MB WAY phone numbers (SIBS): MB WAY is bound to a Portuguese mobile number,
 * 9 digits starting with 9 (the national numbering plan, ANACOM: 91, 92, 93,
 * 96 mobile ranges), written with or without the +351 / 00351 country code
 * and with spaces or hyphens between groups.
 */

/** The 9 national digits of an MB WAY number, or null when it is not a Portuguese mobile number. */
export function mbwayPhoneDigits(text: string): string | null {
  const compact = text.trim().replace(/[\s-]/g, '');
  const match = /^(?:(?:\+|00)351)?(9\d{8})$/.exec(compact);
  return match?.[1] ?? null;
}

/** True when the text is a Portuguese mobile number MB WAY can send a request to. */
export function isValidMbwayPhone(text: string): boolean {
  return mbwayPhoneDigits(text) !== null;
}
