import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.ts';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';

/**
 * The SPA build's files: /assets/* carry content hashes in their names, so
 * they are cached for a year; other root files (favicon, robots.txt) for an
 * hour. index.html is never served raw: the host page route renders it.
 */
export async function registerStatic(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(fastifyStatic, {
    root: env.WEB_DIST,
    prefix: '/',
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // index.html is rendered by the host page route; ssr/ is the server's rendering module.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/ssr/'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes('/assets/') ? LONG_CACHE : SHORT_CACHE);
    },
  });
}
