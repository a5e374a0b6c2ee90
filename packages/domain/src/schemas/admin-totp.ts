import * as z from 'zod/mini';

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx-xxxx), as typed: spaces are ignored. */
export const SecondFactorBodySchema = z.object({
  code: z.string().check(z.minLength(6), z.maxLength(40)),
});
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

/** Enrolment starts: the secret to scan (shown this once), as otpauth:// URI, base32 text and QR (SVG). */
export const TotpSetupAnswerSchema = z.object({
  ok: z.literal(true),
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_svg: z.string(),
});
export type TotpSetupAnswer = z.infer<typeof TotpSetupAnswerSchema>;

export const TotpConfirmBodySchema = z.object({
  code: z.string().check(z.regex(/^\s*\d{3}\s?\d{3}\s*$/)),
});
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

/** Enrolment done: the recovery codes, shown this once (only their hashes are kept). */
export const TotpConfirmAnswerSchema = z.object({
  ok: z.literal(true),
  recovery_codes: z.array(z.string()),
});
export type TotpConfirmAnswer = z.infer<typeof TotpConfirmAnswerSchema>;
