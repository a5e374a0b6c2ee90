/**
 * The versions of the texts a registering customer accepts (spec 5 "Register":
 * pressing Next accepts the privacy policy and the contracting conditions). Bump
 * a version whenever its text changes: each acceptance is recorded with the
 * versions in force, so what a customer agreed to can always be told.
 */
export const LEGAL_TEXT_VERSIONS = { privacy: '2026-11-01', conditions: '2026-11-01' } as const;

/** The shortest password a customer may choose. */
export const MIN_PASSWORD_LENGTH = 8;
/** The longest password accepted (argon2 hashes any length; this bounds the work per call). */
export const MAX_PASSWORD_LENGTH = 200;
