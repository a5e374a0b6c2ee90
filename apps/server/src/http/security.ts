import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { STRIPE_CSP_SOURCES } from '../modules/payments/stripe/stripe-csp.ts';
import { isApiRoute } from './paths.ts';
import { rateLimitStore } from './rate-limit-store.ts';

/** Routes outside the API prefix that the rate limit also covers (the search endpoints). */
const LIMITED_ROUTES = new Set(['/registros.php', '/freguesias.php', '/sociedad.php', '/organizacoes.php']);

const isLimited = (request: FastifyRequest) =>
  isApiRoute(request.routeOptions.url) || LIMITED_ROUTES.has(request.routeOptions.url ?? '');

/**
 * External plugins every route gets: cookies, security headers, compression
 * and the API rate limit (per IP and minute; RATE_LIMIT_MAX=0 turns it off).
 */
export async function registerExternalPlugins(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(cookie);
  // API answers and the host page carry the form key and personal data: no cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    const personal = isApiRoute(request.routeOptions.url) || request.routeOptions.config?.session === true;
    // A personal page may choose its own private policy (the landing pages revalidate with an ETag).
    const ownPrivate = String(reply.getHeader('cache-control') ?? '').startsWith('private');
    if ((personal && !ownPrivate) || reply.statusCode >= 400)
      reply.header('cache-control', 'private, no-store');
  });
  // Stripe's Payment Element loads Stripe.js and its frames (only where Stripe is configured).
  const stripe = env.STRIPE_PUBLISHABLE_KEY ? STRIPE_CSP_SOURCES : undefined;
  await app.register(helmet, {
    // The runtime config travels in a <script type="application/json"> data block, which CSP does not
    // treat as script, so scripts can stay 'self' only.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The Google tag, loaded only after the visitor's consent (ADR 008), and where it reports.
        'script-src': ["'self'", 'https://www.googletagmanager.com', ...(stripe?.['script-src'] ?? [])],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': [
          "'self'",
          'https://*.google-analytics.com',
          'https://*.analytics.google.com',
          'https://www.googletagmanager.com',
          ...(stripe?.['connect-src'] ?? []),
        ],
        ...(stripe && { 'frame-src': ["'self'", ...stripe['frame-src']] }),
        'upgrade-insecure-requests': env.COOKIE_SECURE ? [] : null,
      },
    },
    strictTransportSecurity: env.COOKIE_SECURE,
  });
  await app.register(compress, { global: true });
  if (env.RATE_LIMIT_MAX > 0) {
    await app.register(rateLimit, {
      global: true,
      max: env.RATE_LIMIT_MAX,
      timeWindow: '1 minute',
      allowList: (request) => !isLimited(request),
      // REDIS_URL set: one count across every instance (rate-limit-store.ts).
      ...(await rateLimitStore(app, env)),
    });
  }
}

/**
 * The back office's own Content-Security-Policy (modules/admin/admin-page.routes.ts):
 * its pages load scripts and call APIs only from this origin (no analytics, no
 * payment widgets), and no page may frame it, the same as its
 * `X-Frame-Options: DENY` (CSP's frame-ancestors wins where both are read).
 */
export function backOfficeContentSecurityPolicy(env: Pick<Env, 'COOKIE_SECURE'>): string {
  const directives = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: https:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' https: 'unsafe-inline'",
    "connect-src 'self'",
    ...(env.COOKIE_SECURE ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join(';');
}
