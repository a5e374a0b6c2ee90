import { CreditNoteAnswerSchema, CreditNoteBodySchema, OrderIdParamsSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './admin.plugin.ts';
import { ADMIN_ONLY } from './admin-auth.routes.ts';
import { issueCreditNote } from './credit-note.service.ts';

/** Credit notes (admins only): issue one for an order, refunding it through its gateway. */
export const creditNotesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/credit-note',
    {
      config: { admin: ADMIN_ONLY },
      schema: {
        params: OrderIdParamsSchema,
        body: CreditNoteBodySchema,
        response: { 200: CreditNoteAnswerSchema },
      },
    },
    async (request) => {
      const note = await issueCreditNote(
        app.db,
        {
          storage: app.files,
          gatewayNamed: (name) => app.gateways.named(name),
          renderPdf: (document) => app.pdf.render(document),
          log: request.log,
        },
        actorOf(request),
        {
          orderId: request.params.id,
          reason: request.body.reason,
          ...(request.body.amount_cents === undefined ? {} : { amountCents: request.body.amount_cents }),
        },
      );
      return {
        ok: true as const,
        credit_note: {
          id: note.id,
          number: note.number,
          total_cents: note.totalCents,
          file_id: note.fileId,
          refund_ref: note.refundRef,
          type: note.type,
          left_cents: note.leftCents,
        },
        status: note.status,
      };
    },
  );
};
