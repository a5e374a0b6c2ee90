import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../env.ts';
import { notFound } from '../../http/app-error.ts';
import { backOfficeContentSecurityPolicy } from '../../http/security.ts';
import { ADMIN_API_PREFIX } from './admin.plugin.ts';

const MISSING_BUILD = 'web build missing: run npm run build';

/**
 * The back office's page: GET /admin and /admin/* answer the admin entry's
 * own HTML (WEB_DIST/admin/index.html, a separate Vite entry whose scripts the
 * storefront never loads). Nothing personal is in it (the SPA asks
 * /admin/api/session), but it is never cached, and no other site may frame it.
 */
export const adminPageRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const csp = backOfficeContentSecurityPolicy(env);
  let cached: string | null = null;
  const load = async () => {
    if (cached !== null) return cached;
    try {
      cached = await readFile(path.join(env.WEB_DIST, 'admin', 'index.html'), 'utf8');
    } catch {
      return null;
    }
    return cached;
  };

  for (const url of ['/admin', '/admin/*']) {
    app.get(url, async (request, reply) => {
      // An unknown API path is a JSON 404, not the page.
      if (request.url.startsWith(`${ADMIN_API_PREFIX}/`) || request.url === ADMIN_API_PREFIX)
        throw notFound();
      const html = await load();
      // Scripts from this origin only, framed by no one (the storefront's policy allows the Google tag).
      reply
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header('content-security-policy', csp);
      if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_BUILD);
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }
};
