import { AuditAnswerSchema, AuditQuerySchema } from '@shop/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog } from '../../db/schema/index.ts';
import { ADMIN_ONLY } from './admin-auth.routes.ts';

const PAGE = 100;

/** The audit log (who, when, what, before / after), newest first: admins only. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { admin: ADMIN_ONLY },
      schema: { querystring: AuditQuerySchema, response: { 200: AuditAnswerSchema } },
    },
    async (request) => {
      const { entity, entity_id: entityId, actor } = request.query;
      const page = Math.max(1, request.query.page ?? 1);
      const where: SQL[] = [];
      if (entity) where.push(eq(auditLog.entity, entity));
      if (entityId) where.push(eq(auditLog.entityId, entityId));
      if (actor) where.push(eq(auditLog.actor, actor.toLowerCase()));
      const rows = await app.db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return {
        ok: true as const,
        entries: rows.slice(0, PAGE).map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: r.actor,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          data: r.data,
        })),
        more: rows.length > PAGE,
      };
    },
  );
};
