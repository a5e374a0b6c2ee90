import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
// http_ece comes with web-push: the reference implementation of RFC 8188 / 8291.
import ece from 'http_ece';
import { createTestPki } from '../modules/verifactu/testing/certs.ts';

/** What the fake push service saw of one request, after checking it as a real one would. */
export interface ReceivedPush {
  path: string;
  /** The decrypted notification (RFC 8291), or null when the request was refused. */
  payload: string | null;
  /** Why it was refused (status 400/401/403), or null. */
  refusal: string | null;
  claims: Record<string, unknown> | null;
  headers: Record<string, string | string[] | undefined>;
}

/** A browser's push subscription made for the fake service: its keys stay here to decrypt. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

/**
 * A local Web Push service over HTTPS (its own test CA) that checks each
 * request as RFC 8292 and 8291 say: `Authorization: vapid t=<JWT>, k=<key>` with
 * an ES256 JWT signed by that key whose `aud` is this origin, `exp` within 24
 * hours and `sub` a mailto:/https: contact; `Content-Encoding: aes128gcm`, a
 * `TTL`; and a body it can decrypt with the subscription's private key and
 * auth secret. Paths registered with `gone` answer 410.
 */
export async function startFakePushService() {
  const pki = createTestPki();
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const gone = new Set<string>();
  let origin = '';

  function checkVapid(authorization: string | undefined): { claims: Record<string, unknown> } | string {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
    if (!match?.[1] || !match[2]) return 'no vapid authorization';
    const [head, body, signature] = match[1].split('.') as [string, string, string];
    const key = Buffer.from(match[2], 'base64url');
    if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 key';
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: key.subarray(1, 33).toString('base64url'),
        y: key.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const jose = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
    if (jose.alg !== 'ES256') return 'alg is not ES256';
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return 'bad JWT signature';
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const now = Date.now() / 1000;
    if (claims.aud !== origin) return `aud ${String(claims.aud)} is not ${origin}`;
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600)
      return 'exp not within 24 hours';
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) return 'bad sub';
    return { claims };
  }

  const server: Server = createServer({ key: pki.serverKeyPem, cert: pki.serverCertPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const entry: ReceivedPush = { path, payload: null, refusal: null, claims: null, headers: req.headers };
      received.push(entry);
      const refuse = (status: number, why: string) => {
        entry.refusal = why;
        res.writeHead(status).end(why);
      };
      if (req.method !== 'POST') return refuse(405, 'POST only');
      const vapid = checkVapid(req.headers.authorization);
      if (typeof vapid === 'string') return refuse(401, vapid);
      entry.claims = vapid.claims;
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'not aes128gcm');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'no TTL');
      if (gone.has(path)) return refuse(410, 'subscription gone');
      const subscription = subscriptions.get(path);
      if (!subscription) return refuse(404, 'unknown subscription');
      const body = Buffer.concat(chunks);
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the sender's 65-byte key).
      if (body.length < 21 + 65 || body[20] !== 65) return refuse(400, 'bad aes128gcm header');
      try {
        entry.payload = ece
          .decrypt(body, {
            version: 'aes128gcm',
            privateKey: subscription.ecdh,
            authSecret: subscription.keys.auth,
          })
          .toString('utf8');
      } catch (err) {
        return refuse(400, `cannot decrypt: ${(err as Error).message}`);
      }
      res.writeHead(201, { location: `${origin}/messages/${randomBytes(4).toString('hex')}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    ca: pki.caPem,
    received,
    /** A new subscription as a browser would make it (P-256 key pair, 16-byte auth secret). */
    subscribe(): FakeSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const subscription = {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        ecdh,
      };
      subscriptions.set(path, subscription);
      return subscription;
    },
    /** The subscription's endpoint answers 410 from now on (the browser unsubscribed). */
    expire(subscription: FakeSubscription) {
      gone.add(new URL(subscription.endpoint).pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
