import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../env.ts';
import { SERVER_DIR } from '../../paths.ts';
import { vapidConfig } from './push.env.ts';

/** The service worker's file name, under APP_PREFIX (its scope: every storefront page). */
export const PUSH_WORKER_FILE = 'push-worker.js';

/** The worker's source, read from src/ by the source and the build alike (paths.ts). */
const WORKER_SOURCE = path.join(SERVER_DIR, 'src/modules/push', PUSH_WORKER_FILE);

/**
 * GET {APP_PREFIX}/push-worker.js: the storefront's service worker that shows
 * the "order ready" notification (ADR 031). Served from 'self' as
 * text/javascript (the strict CSP's script-src/worker-src 'self'); its default
 * scope is APP_PREFIX/, so no Service-Worker-Allowed header is needed.
 * `no-cache`: a changed worker reaches browsers on their next check. 404 while
 * Web Push is off (and never the SPA's host page, which owns APP_PREFIX/*).
 */
export const pushWorkerRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const source = vapidConfig(env) ? readFileSync(WORKER_SOURCE, 'utf8') : null;
  app.get(`${env.APP_PREFIX}/${PUSH_WORKER_FILE}`, async (_request, reply) => {
    if (source === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(source);
  });
};
