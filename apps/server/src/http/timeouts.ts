import type { ServerOptions } from 'node:http';
import type { Env } from '../env.ts';

/** Node's defaults: headers within 60 s, timers checked every 30 s. */
const NODE_HEADERS_TIMEOUT_MS = 60_000;
const NODE_CHECK_INTERVAL_MS = 30_000;

/**
 * The HTTP server's own timers, so REQUEST_TIMEOUT_MS holds when it is short:
 * Node cuts a request whose headers have not arrived after `headersTimeout`
 * (60 s unless set, and never more than `requestTimeout`), and checks both
 * timers only every `connectionsCheckingInterval` (30 s), so a 5 s limit could
 * otherwise fire 35 s late.
 */
export function serverTimeouts(env: Pick<Env, 'REQUEST_TIMEOUT_MS'>): ServerOptions {
  const request = env.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout: request,
    headersTimeout: Math.min(request, NODE_HEADERS_TIMEOUT_MS),
    connectionsCheckingInterval: Math.min(NODE_CHECK_INTERVAL_MS, Math.max(50, Math.floor(request / 10))),
  };
}
