import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { csrfPlugin } from './http/csrf.ts';
import { databasePlugin } from './http/database.plugin.ts';
import { badUrlHandler, clientErrorHandler, errorHandlerPlugin } from './http/error-handler.ts';
import { healthRoutes } from './http/health.routes.ts';
import { hostPageRoutes } from './http/host-page.routes.ts';
import { serializeError, serializeRequest } from './http/logging.ts';
import { metricsPlugin, metricsRoutes } from './http/metrics.ts';
import { pageRendererPlugin } from './http/page-renderer.ts';
import { API_PREFIX } from './http/paths.ts';
import { jobLogFields } from './http/request-context.ts';
import { requestIdGenerator, requestIdPlugin } from './http/request-id.ts';
import { registerExternalPlugins } from './http/security.ts';
import { registerStatic } from './http/static.ts';
import { serverTimeouts } from './http/timeouts.ts';
import { versionRoutes } from './http/version.routes.ts';
import { ADMIN_API_PREFIX } from './modules/admin/admin.plugin.ts';
import { adminApiRoutes } from './modules/admin/admin.routes.ts';
import { adminPageRoutes } from './modules/admin/admin-page.routes.ts';
import { calendarsPlugin } from './modules/calendars/calendars.plugin.ts';
import { lateRefundPlugin } from './modules/calendars/late-refund.plugin.ts';
import { promiseRoutes } from './modules/calendars/promise.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { cartPlugin } from './modules/cart/cart.service.ts';
import { catalogPlugin } from './modules/catalog/catalog.service.ts';
import { catalogChangesPlugin } from './modules/catalog/catalog-changes.ts';
import { productRoutes } from './modules/catalog/product.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { checkoutPlugin } from './modules/checkout/checkout.service.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { companiesPlugin } from './modules/companies/companies.service.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { runtimeConfigPlugin } from './modules/config/config.service.ts';
import { conversionRoutes } from './modules/conversion/conversion.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { customersPlugin } from './modules/customers/customers.service.ts';
import { loginLinkRoutes } from './modules/customers/login-link.routes.ts';
import { documentsPlugin } from './modules/documents/documents.plugin.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { filesPlugin } from './modules/files/files.service.ts';
import { storagePlugin } from './modules/files/storage.plugin.ts';
import { incidentRoutes } from './modules/incidents/incidents.routes.ts';
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import { landingPageRoutes, municipioRoutes } from './modules/landing/landing.routes.ts';
import { landingPlugin } from './modules/landing/landing.service.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { maintenancePlugin } from './modules/maintenance/maintenance.plugin.ts';
import { followupsRoutes } from './modules/orders/followups.routes.ts';
import { pedidosRoutes } from './modules/orders/pedidos.routes.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { gatewaysPlugin, paymentGatewayRoutes, sandboxEnabled } from './modules/payments/gateways.plugin.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { paymentRoutes, paypalRedirectRoutes } from './modules/payments/payments.routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { pushPlugin } from './modules/push/push.plugin.ts';
import { pushWorkerRoutes } from './modules/push/push-worker.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { searchPlugin } from './modules/search/search.service.ts';
import { pushSubscribeRoutes } from './modules/session/push-subscribe.routes.ts';
import { sessionPlugin } from './modules/session/session.plugin.ts';
import { verifactuPlugin } from './modules/verifactu/verifactu.plugin.ts';

/** Route plugins mounted under /desktopapp/rest (spec 7). */
const apiRoutes = [
  configRoutes,
  productRoutes,
  pushSubscribeRoutes,
  cartRoutes,
  fileRoutes,
  customerRoutes,
  checkoutRoutes,
  municipioRoutes,
  pedidosRoutes,
  incidentRoutes,
  followupsRoutes,
  promiseRoutes,
];

/**
 * The whole application as one Fastify instance: external plugins, then the
 * app's services, then routes (STYLE.md 7). Opening and closing the database
 * is the caller's job (server.ts, tests).
 */
export async function buildApp({
  database,
  env,
  onRoute,
  logStream,
  gateways,
}: {
  database: Database;
  env: Env;
  /** Where log lines go instead of stdout (tests that read the logs). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is added, schemas included (the fuzz test drives each route from them). */
  onRoute?: (route: RouteOptions) => void;
  /** Payment gateways added to the configured ones (tests: a slow or refusing fake); PAYMENT_GATEWAYS may name them. */
  gateways?: readonly PaymentGateway[];
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      serializers: { err: serializeError, req: serializeRequest as never },
      // A job's log lines carry the request id that created it (request lines already have reqId).
      mixin: jobLogFields,
      ...(logStream ? { stream: logStream } : {}),
    },
    // X-Request-Id from a trusted proxy, else a UUID (http/request-id.ts).
    genReqId: requestIdGenerator(env),
    // Path parameters hold e-mail addresses (checkEmail, rememberPassword): up to 254 characters, encoded.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 800 },
    trustProxy: env.TRUST_PROXY,
    // A body that stops arriving is cut after IDLE_TIMEOUT_MS without a byte; a whole
    // request (a 50 MB upload on a slow phone) gets REQUEST_TIMEOUT_MS.
    connectionTimeout: env.IDLE_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    // Node's own header timer (60 s) and its 30 s check would outlast a shorter REQUEST_TIMEOUT_MS.
    http: serverTimeouts(env),
    // Malformed URLs (`/%ff`) and client errors the HTTP parser raises (headers too long)
    // answer in the shop's error format.
    frameworkErrors: badUrlHandler as never,
    clientErrorHandler: clientErrorHandler as never,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestIdPlugin);
  await registerExternalPlugins(app, env);

  await app.register(databasePlugin, { database });
  // Before the jobs: closed after them (onClose runs in reverse), so running jobs finish their PDFs.
  await app.register(documentsPlugin, { env });
  await app.register(jobsPlugin, { stopTimeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  await app.register(storagePlugin, { env });
  await app.register(metricsPlugin, { env });
  await app.register(catalogPlugin);
  await app.register(catalogChangesPlugin, { env });
  await app.register(calendarsPlugin, { env });
  await app.register(sessionPlugin, { env });
  await app.register(csrfPlugin);
  await app.register(cartPlugin);
  await app.register(gatewaysPlugin, { env, ...(gateways ? { gateways } : {}) });
  await app.register(customersPlugin, { env });
  await app.register(checkoutPlugin, { env });
  await app.register(runtimeConfigPlugin, { env });
  await app.register(searchPlugin);
  await app.register(companiesPlugin);
  await app.register(filesPlugin, { env });
  await app.register(lateRefundPlugin);
  await app.register(mailPlugin, { env });
  await app.register(maintenancePlugin);
  await app.register(pushPlugin, { env });
  await app.register(paymentsPlugin, { env });
  await app.register(verifactuPlugin, { env });
  await app.register(landingPlugin);
  await app.register(pageRendererPlugin, { env });
  await app.register(errorHandlerPlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(hostPageRoutes, { env });
  await app.register(pushWorkerRoutes, { env });
  await app.register(landingPageRoutes, { env });
  await app.register(versionRoutes);
  await app.register(conversionRoutes);
  await app.register(searchRoutes);
  await app.register(companyRoutes);
  if (sandboxEnabled(env)) await app.register(sandboxRoutes, { appPrefix: env.APP_PREFIX });
  await app.register(paypalRedirectRoutes, { env });
  await app.register(paymentGatewayRoutes, { env });
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
      await api.register(paymentRoutes, { env });
      await api.register(loginLinkRoutes, { env });
    },
    { prefix: API_PREFIX },
  );
  await app.register(adminApiRoutes, { env, prefix: ADMIN_API_PREFIX });
  await app.register(adminPageRoutes, { env });
  await registerStatic(app, env);

  return app;
}
