import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error.ts';
import type { PaymentNotice } from './gateway.ts';

/**
 * The sandbox's notices (DESIGN.md "Payments"): JSON bodies signed with
 * HMAC-SHA256 under a key derived from the server secret, so every instance
 * verifies every other's notices. The signer is built once with the gateway
 * (gateways.plugin.ts): no module state.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** A notice older than this is refused (a replay of an old capture). */
export const NOTICE_TOLERANCE_S = 600;

/** The body of a sandbox notice (JSON). */
export interface SandboxNoticeBody {
  event_id: string;
  provider_ref: string;
  outcome: 'paid' | 'failed' | 'refunded';
  amount_cents: number;
}

export interface SandboxSigner {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as the sandbox signs a notice body. */
  sign(body: string, at?: number): string;
  /** A new signed notice: its body and signature header. */
  notice(
    providerRef: string,
    outcome: SandboxNoticeBody['outcome'],
    amountCents: number,
  ): { body: string; signature: string };
  /** The notice of a signed body; AppError forbidden / invalid_data when it does not hold. */
  verify(header: string | undefined, body: string, now?: number): PaymentNotice;
}

const forbidden = () => new AppError('not_allowed', 'forbidden');

/** The signer of a server secret: the notice key is HMAC(server secret, 'payments-sandbox-notice'). */
export function createSandboxSigner(serverSecret: Buffer): SandboxSigner {
  const key = createHmac('sha256', serverSecret).update('payments-sandbox-notice').digest();
  const mac = (at: number, body: string) => createHmac('sha256', key).update(`${at}.${body}`);
  const signer: SandboxSigner = {
    sign: (body, at = Math.floor(Date.now() / 1000)) => `t=${at},v1=${mac(at, body).digest('hex')}`,
    notice(providerRef, outcome, amountCents) {
      const notice: SandboxNoticeBody = {
        event_id: `evt_${randomBytes(12).toString('hex')}`,
        provider_ref: providerRef,
        outcome,
        amount_cents: amountCents,
      };
      const body = JSON.stringify(notice);
      return { body, signature: signer.sign(body) };
    },
    verify(header, body, now = Math.floor(Date.now() / 1000)) {
      const parts = Object.fromEntries(
        (header ?? '').split(',').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
        }),
      );
      const at = Number(parts.t);
      const given = Buffer.from(/^[0-9a-f]{64}$/.test(parts.v1 ?? '') ? (parts.v1 as string) : '', 'hex');
      if (!Number.isInteger(at) || given.length !== 32) throw forbidden();
      if (Math.abs(now - at) > NOTICE_TOLERANCE_S) throw forbidden();
      if (!timingSafeEqual(given, mac(at, body).digest())) throw forbidden();
      const notice = readNotice(body);
      return {
        eventId: notice.event_id,
        providerRef: notice.provider_ref,
        outcome: notice.outcome,
        amountCents: notice.amount_cents,
        raw: { ...notice },
      };
    },
  };
  return signer;
}

function readNotice(body: string): SandboxNoticeBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError('invalid_data', 'malformedJson');
  }
  const n = parsed as Partial<SandboxNoticeBody> | null;
  if (
    !n ||
    typeof n.event_id !== 'string' ||
    !/^evt_[0-9a-f]{24}$/.test(n.event_id) ||
    typeof n.provider_ref !== 'string' ||
    n.provider_ref.length > 100 ||
    (n.outcome !== 'paid' && n.outcome !== 'failed' && n.outcome !== 'refunded') ||
    !Number.isInteger(n.amount_cents)
  ) {
    throw new AppError('invalid_data', 'malformedRequest');
  }
  return n as SandboxNoticeBody;
}
