import { IdParamsSchema, MailAnswerSchema, MailListAnswerSchema, MailListQuerySchema } from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailMessages } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { ANY_OPERATOR } from './admin-auth.routes.ts';

const PAGE = 50;

type MailRow = typeof mailMessages.$inferSelect;
const summary = (m: MailRow) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  status: m.status,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt ? m.sentAt.toISOString() : null,
});

/**
 * The mail viewer: every mail the shop queued, sent or stored (no SMTP_URL),
 * newest first, and one mail with its text, HTML and attachments (any operator).
 */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mail',
    {
      config: { admin: ANY_OPERATOR },
      schema: { querystring: MailListQuerySchema, response: { 200: MailListAnswerSchema } },
    },
    async (request) => {
      const page = Math.max(1, request.query.page ?? 1);
      const rows = await app.db
        .select()
        .from(mailMessages)
        .where(request.query.status ? eq(mailMessages.status, request.query.status) : undefined)
        .orderBy(desc(mailMessages.id))
        .limit(PAGE + 1)
        .offset((page - 1) * PAGE);
      return { ok: true as const, mails: rows.slice(0, PAGE).map(summary), more: rows.length > PAGE };
    },
  );

  app.get(
    '/mail/:id',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: IdParamsSchema, response: { 200: MailAnswerSchema } },
    },
    async (request) => {
      const [mail] = await app.db.select().from(mailMessages).where(eq(mailMessages.id, request.params.id));
      if (!mail) throw notFound();
      return {
        ok: true as const,
        mail: {
          ...summary(mail),
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({ file_id: a.fileId, filename: a.filename })),
        },
      };
    },
  );
};
