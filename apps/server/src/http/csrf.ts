import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';
import { API_PREFIX, isApiRoute } from './paths.ts';

/** GET calls of spec 7 that change state, so they need the form key like a POST. */
const MUTATING_GET_ROUTES = new Set([
  `${API_PREFIX}/delquoteitem`,
  // Order again: each fills the session's cart.
  `${API_PREFIX}/loadorder`,
  `${API_PREFIX}/loadquote`,
  // Each starts a new payment attempt (spec 7 "Payments").
  `${API_PREFIX}/otherMethodsPaymentIntent`,
  `${API_PREFIX}/otherMethodsPaypal`,
  `${API_PREFIX}/moneiPaymentIntent`,
  `${API_PREFIX}/otherMethodsBizum`,
  `${API_PREFIX}/rememberPassword/email/:email`,
  // Confirms the order's Stripe payment (with the browser's confirmation token) and applies its outcome.
  `${API_PREFIX}/stripe/rest/process`,
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function needsFormKey(method: string, routeUrl: string | undefined): boolean {
  if (!isApiRoute(routeUrl)) return false;
  return !SAFE_METHODS.has(method) || MUTATING_GET_ROUTES.has(routeUrl ?? '');
}

/** The form key sent in the X-Form-Key header, else as `form_key` in the body's `config`. */
export function sentFormKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-form-key'];
  if (typeof header === 'string' && header) return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'config' in body) {
    const config = (body as { config: unknown }).config;
    if (typeof config === 'object' && config !== null && 'form_key' in config) {
      const key = (config as { form_key: unknown }).form_key;
      if (typeof key === 'string') return key;
    }
  }
  return undefined;
}

/** Constant-time: hashing first makes both sides the same length. */
export function formKeyMatches(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Every mutating API call must carry the session's form key. Runs after the
 * body is parsed (the key may be inside it) and before validation, so a
 * forged request learns nothing about the payload's rules.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (!needsFormKey(request.method, request.routeOptions.url)) return;
      const expected = request.session?.formKey;
      const sent = sentFormKey(request);
      if (expected && formKeyMatches(sent, expected)) return;
      // A checkout replayed with the cookie its lost answer replaced: that session's key (the route checks the rest).
      const stale = request.staleSessionId;
      if (stale && request.routeOptions.config.staleSessionFormKey === true) {
        if (formKeyMatches(sent, app.sessions.formKeyOf(stale))) return;
      }
      throw new AppError('not_allowed', 'forbidden');
    });
  },
  { name: 'csrf', dependencies: ['sessions'] },
);
