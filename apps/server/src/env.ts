import path from 'node:path';
import { z } from 'zod';
import { STORAGE_ENV } from './modules/files/storage.env.ts';
import { GATEWAY_ENV } from './modules/payments/gateways.env.ts';
import { MONEI_ENV } from './modules/payments/monei/monei.env.ts';
import { PAYPAL_ENV } from './modules/payments/paypal/paypal.env.ts';
import { DEFAULT_APP_PREFIX, DEFAULT_WEB_DIST } from './paths.ts';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `host=id,host2=id` -> Map(host -> store id); host names lower-cased. */
const storeHosts = z
  .string()
  .transform((raw, ctx) => {
    const map = new Map<string, number>();
    for (const pair of raw.split(',').map((p) => p.trim())) {
      if (!pair) continue;
      const match = /^([a-z0-9.-]+(?::\d+)?)=(\d+)$/i.exec(pair);
      if (!match?.[1] || !match[2]) {
        ctx.addIssue({ code: 'custom', message: `expected host=storeId pairs, got "${pair}"` });
        return z.NEVER;
      }
      map.set(match[1].toLowerCase(), Number(match[2]));
    }
    return map;
  })
  .default(new Map());

const EnvSchema = z.object({
  /** Stripe and Redsys (modules/payments/gateways.env.ts). */
  ...GATEWAY_ENV,
  ...MONEI_ENV,
  ...PAYPAL_ENV,
  /** Files in an S3-compatible bucket (modules/files/storage.env.ts). */
  ...STORAGE_ENV,
  /** Set (`redis://host:6379`) = the rate limit counts across every instance in Redis; unset = per process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The listening address: this machine only by default; `0.0.0.0` in a container or behind a proxy on another host. */
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((p) => path.resolve(p)),
  /** Root folder of stored files (uploads); unset = `${DATA_DIR}/files` (filesRoot()). */
  FILES_DIR: z
    .string()
    .min(1)
    .optional()
    .transform((p) => (p === undefined ? undefined : path.resolve(p))),
  /** Set = PostgreSQL; unset = embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  APP_PREFIX: z
    .string()
    .regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/i, 'must start with / and not end with /')
    .default(DEFAULT_APP_PREFIX),
  WEB_DIST: z
    .string()
    .min(1)
    .default(DEFAULT_WEB_DIST)
    .transform((p) => path.resolve(p)),
  /** The storefront's server-rendering module (ADR 009); default WEB_DIST/ssr/entry-server.js. */
  SSR_ENTRY: z
    .string()
    .min(1)
    .optional()
    .transform((p) => (p === undefined ? undefined : path.resolve(p))),
  /** The analytics tag (Google tag id, e.g. G-XXXXXXX) of stores that have no analytics account of their own (ADR 008). */
  ANALYTICS_ID: z
    .string()
    .regex(/^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/i, 'a Google tag id such as G-ABC123XYZ')
    .optional(),
  STORE_HOSTS: storeHosts,
  /** The store base URL as customers see it (behind a proxy); default: the request's own. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Mark the session cookie Secure (and name it __Host-sid) even when the request does not arrive as HTTPS. */
  COOKIE_SECURE: boolean.default(false),
  /**
   * Signs session cookies and derives form keys. Set it in production (every
   * instance the same, at least 32 characters); unset, a random one is generated
   * once and kept in DATA_DIR/session-secret.
   */
  SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /**
   * Behind a reverse proxy: 'true' (trust X-Forwarded-* from any hop) or a comma
   * list of the proxies' addresses / CIDRs. Decides the client IP the rate limit
   * counts and the protocol / host of base_url. Default: off.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-f.:/,\s]+)$/i, 'true, false or a list of proxy addresses')
    .transform((v): boolean | string =>
      v === 'true' || v === 'false' ? v === 'true' : v.replace(/\s+/g, ''),
    )
    .default(false),
  /** A connection that sends nothing for this long (a stalled body) is closed. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The longest a whole request may take to arrive (uploads of 50 MB on a slow line). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** Bytes one session may upload in all, and one client address in a day; uploads stop while the files' disk has less than the reserve free. */
  UPLOAD_QUOTA_SESSION_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(100 * 1024 * 1024),
  UPLOAD_QUOTA_ADDRESS_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(300 * 1024 * 1024),
  UPLOAD_DISK_RESERVE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
  /**
   * Which gateway takes which payment method: comma list of `[storeId:]method=gateway`
   * (`cc=redsys,bizum=redsys,16:cc=stripe`); unnamed methods use the built-in sandbox
   * (docs/payments.md).
   */
  PAYMENT_GATEWAYS: z.string().optional(),
  /**
   * The built-in sandbox gateway (test cards approve, its pages confirm payments):
   * on by default, off by default when NODE_ENV=production (a shop in production
   * must not take test cards); 'true' turns it on there too (a demo).
   */
  PAYMENT_SANDBOX: boolean.optional(),
  /** The invoices' issuer (every store unless its settings name another; docs/payments.md). */
  INVOICE_ISSUER_NAME: z.string().min(1).optional(),
  INVOICE_ISSUER_TAX_ID: z.string().min(1).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().min(1).optional(),
  /**
   * VERI*FACTU (modules/verifactu, docs/operations.md): the AEAT's web service
   * (default: its test environment for a personal or company certificate, from
   * SistemaFacturacion.wsdl, port SistemaVerifactuPruebas), the client
   * certificate as a PKCS#12 file and its password. Without a certificate the
   * records are still created and chained, and wait as 'not_configured'.
   */
  VERIFACTU_ENDPOINT: z
    .url({ protocol: /^https$/ })
    .default('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP'),
  VERIFACTU_CERT: z
    .string()
    .min(1)
    .optional()
    .transform((p) => (p === undefined ? undefined : path.resolve(p))),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  /** Seconds between attempts while the AEAT's service is unreachable (the queue retries for VERIFACTU_RETRY_LIMIT attempts, then starts over). */
  VERIFACTU_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  VERIFACTU_RETRY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Node's own variable: a PEM file of extra trusted CAs (also given explicitly to the VERI*FACTU client, STACK.md 14). */
  NODE_EXTRA_CA_CERTS: z.string().min(1).optional(),
  /** 'production' turns off what only helps a developer (the mail viewer). */
  NODE_ENV: z.string().default('development'),
  /** Set = mail goes out by SMTP (`smtp://user:pass@host:587`, `smtps://…:465`); unset = stored for the mail viewer. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of every mail: an address or `Name <address>`. */
  MAIL_FROM: z.string().min(3).default('Registro <no-reply@localhost>'),
  /** API requests per minute and IP; 0 turns the limit off (tests, benchmarks). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  /** Failed log-ins one e-mail address may have in LOGIN_THROTTLE_MINUTES before log-ins to it answer 429. */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Failed log-ins one client address may have in LOGIN_THROTTLE_MINUTES before its log-ins answer 429. */
  LOGIN_MAX_FAILURES_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** The window failures are counted in, and how long a key over its limit stays blocked. */
  LOGIN_THROTTLE_MINUTES: z.coerce.number().int().min(1).default(15),
  /** How long a password reset link works (it works once). */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  /** GET /metrics answers a request carrying `Authorization: Bearer <token>` (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').max(512).optional(),
  /** A second listener (on HOST) that serves only /metrics. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints) and contact; unset = no push. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** On SIGTERM / SIGINT: how long in-flight requests and running jobs get before the process exits anyway (code 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(25_000),
  /**
   * Worker threads that render invoice and credit-note PDFs off the event loop
   * (ADR 039): started on demand, ended after a minute idle. One suits 2 cores.
   */
  PDF_THREADS: z.coerce.number().int().min(1).max(16).default(1),
});

/** Every variable the server reads (docs/operations.md's table lists each one; env.test.ts checks). */
export const ENV_KEYS: readonly string[] = Object.keys(EnvSchema.shape);

export type Env = z.output<typeof EnvSchema>;

/** Every variable the server reads (the deployment recipe's test checks compose.yaml against it). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** Parses the environment once at start; throws listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable counts as unset, so `PORT= npm start` takes the default.
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** PAYMENT_SANDBOX as written: production runs the sandbox only when it says exactly `true` (production-checks.ts). */
export function rawPaymentSandbox(
  source: Record<string, string | undefined> = process.env,
): string | undefined {
  return source.PAYMENT_SANDBOX;
}
