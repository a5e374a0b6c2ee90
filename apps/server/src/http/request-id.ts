import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import fp from 'fastify-plugin';
import type { Env } from '../env.ts';
import { requestContext } from './request-context.ts';

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: a UUID, a proxy's hex or base64 token; nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._:+=@/-]{1,128}$/;

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) as `10.0.0.1`. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Whether a connection's peer is a proxy TRUST_PROXY names: `true` trusts
 * every peer, a list trusts its addresses and CIDRs, unset none (the same
 * setting decides the client address Fastify sees).
 */
export function trustedPeer(trustProxy: Env['TRUST_PROXY']): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy === '') return () => false;
  const list = new BlockList();
  for (const entry of trustProxy.split(',').filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's `genReqId`: the proxy's X-Request-Id when the request comes from a
 * trusted proxy and the id looks sane, otherwise a new UUID. (Fastify's own
 * `requestIdHeader` would take the header from anyone.)
 */
export function requestIdGenerator(env: Pick<Env, 'TRUST_PROXY'>): (req: IncomingMessage) => string {
  const trusted = trustedPeer(env.TRUST_PROXY);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && SANE_ID.test(incoming) && trusted(req.socket?.remoteAddress)) {
      return incoming;
    }
    return randomUUID();
  };
}

/**
 * Echoes the request id on every answer and makes it the context of
 * everything the request runs (jobs it enqueues carry it: modules/jobs/queue.ts).
 */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      requestContext.run({ requestId: request.id }, done);
    });
  },
  { name: 'request-id' },
);
