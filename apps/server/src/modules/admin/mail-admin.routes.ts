import {
  IdParamsSchema,
  MailAnswerSchema,
  MailListAnswerSchema,
  MailListQuerySchema,
  MailResendAnswerSchema,
  OrderIdParamsSchema,
  OrderMailsAnswerSchema,
} from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailMessages } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { actorOf } from './admin.plugin.ts';
import { ANY_OPERATOR } from './admin-auth.routes.ts';
import { mailSummary, orderMails, resendMail } from './mail-resend.service.ts';

const PAGE = 50;

/**
 * The mail viewer: every mail the shop queued, sent or stored (no SMTP_URL),
 * newest first, and one mail with its text, HTML and attachments; a mail
 * sent again, an order's mails (any operator).
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
      return { ok: true as const, mails: rows.slice(0, PAGE).map(mailSummary), more: rows.length > PAGE };
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
          ...mailSummary(mail),
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({ file_id: a.fileId, filename: a.filename })),
        },
      };
    },
  );

  app.post(
    '/mail/:id/resend',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: IdParamsSchema, response: { 200: MailResendAnswerSchema } },
    },
    async (request) => ({
      ok: true as const,
      mail_id: await resendMail(app.db, actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/orders/:id/mail',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: OrderIdParamsSchema,
        response: { 200: OrderMailsAnswerSchema },
      },
    },
    async (request) => ({ ok: true as const, mails: await orderMails(app.db, request.params.id) }),
  );
};
