import { AdminSessionAnswerSchema, TotpConfirmAnswerSchema, TotpSetupAnswerSchema } from '@shop/domain';
import { adminCall } from './api.ts';

/** POST /login/code: the TOTP code (or a recovery code) after the password; the answer is the session. */
export function sendSecondFactor(code: string) {
  return adminCall(AdminSessionAnswerSchema, '/login/code', { method: 'POST', body: { code } });
}

/** POST /totp/setup: a new secret to scan (shown this once). */
export function startTotpEnrolment() {
  return adminCall(TotpSetupAnswerSchema, '/totp/setup', { method: 'POST' });
}

/** POST /totp/confirm: a code from the app confirms it; the answer holds the recovery codes (shown once). */
export function confirmTotpEnrolment(code: string) {
  return adminCall(TotpConfirmAnswerSchema, '/totp/confirm', { method: 'POST', body: { code } });
}
