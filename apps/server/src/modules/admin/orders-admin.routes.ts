import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  BulkTransitionAnswerSchema,
  BulkTransitionBodySchema,
  IdFromStringSchema,
  IdParamsSchema,
  OrderDetailAnswerSchema,
  OrderExportQuerySchema,
  OrderIdParamsSchema,
  OrderIdSchema,
  OrderQueueAnswerSchema,
  OrderQueueQuerySchema,
  TransitionBodySchema,
  UPLOAD_MAX_BYTES,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import { receive } from '../files/files-receive.ts';
import { openIncident } from '../incidents/incidents.service.ts';
import { actorOf } from './admin.plugin.ts';
import { ANY_OPERATOR } from './admin-auth.routes.ts';
import { queueOrderMail } from './order-mail.ts';
import { orderDetail, orderQueue, transitionOrder } from './orders-admin.service.ts';
import { bulkTransition } from './orders-bulk.service.ts';
import { exportOrdersCsv } from './orders-export.service.ts';
import { attachResultDocument } from './result-document.service.ts';

const TransitionAnswerSchema = z.object({
  ok: z.literal(true),
  status: z.string(),
  panel_status_id: z.int(),
});

/** The order queue, one order, and its status transitions (every operator). */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  // Scoped to these routes: one result document per call, as large as an upload.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/orders',
    {
      config: { admin: ANY_OPERATOR },
      schema: { querystring: OrderQueueQuerySchema, response: { 200: OrderQueueAnswerSchema } },
    },
    async (request) => orderQueue(app.db, request.query),
  );

  // The queue's filtered list as CSV, streamed (every matching order, not a page).
  app.get(
    '/orders.csv',
    { config: { admin: ANY_OPERATOR }, schema: { querystring: OrderExportQuerySchema } },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pedidos-${day}.csv"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Readable.from(exportOrdersCsv(app.db, request.query)));
    },
  );

  // A status change on a selection: each order through the one status function, audited; the result per order.
  app.post(
    '/orders/bulk-transition',
    {
      config: { admin: ANY_OPERATOR },
      schema: { body: BulkTransitionBodySchema, response: { 200: BulkTransitionAnswerSchema } },
    },
    async (request) => bulkTransition(app.db, actorOf(request), request.body),
  );

  app.get(
    '/orders/:id',
    {
      config: { admin: ANY_OPERATOR },
      schema: { params: OrderIdParamsSchema, response: { 200: OrderDetailAnswerSchema } },
    },
    async (request) => ({ ok: true as const, order: await orderDetail(app.db, request.params.id) }),
  );

  app.get(
    '/files/:id',
    { config: { admin: ANY_OPERATOR }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const file = await app.files.readForOperator(request.params.id, request.log);
      // A download of its own type only: nothing in it may run in our origin.
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );

  app.post(
    '/orders/:id/transition',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: OrderIdParamsSchema,
        body: TransitionBodySchema,
        response: { 200: TransitionAnswerSchema },
      },
    },
    async (request) => {
      // The mail's link: the public base URL, else the origin the operator reached when it is a
      // known one (never an unknown Host header), else ('') the store's homepage.
      const baseUrl = env.PUBLIC_BASE_URL ?? (await app.knownOrigin(request));
      return {
        ok: true as const,
        // An incident asks the customer, by mail in the same transaction, for what is missing.
        ...(await transitionOrder(
          app.db,
          actorOf(request),
          request.params.id,
          request.body,
          async (tx, change) => {
            if (change.to === 'incident') {
              // The message is kept as the incident's form (product/form/{id}/{order_id}) the customer answers.
              const formId = await openIncident(tx, actorOf(request), change.order, change.message);
              await queueOrderMail(
                tx,
                change.order,
                'incidentMail',
                { message: change.message },
                [],
                {
                  baseUrl,
                  path: `${env.APP_PREFIX}/product/form/${formId}/${change.order.id}`,
                },
                { appPrefix: env.APP_PREFIX },
              );
            }
          },
        )),
      };
    },
  );

  app.post(
    '/orders/:id/items/:itemId/result',
    {
      config: { admin: ANY_OPERATOR },
      schema: {
        params: z.object({ id: OrderIdSchema, itemId: IdFromStringSchema }),
        response: { 200: z.object({ ok: z.literal(true), file_id: z.int(), mail_id: z.int() }) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported', 'unsupportedMediaType');
      const { files } = await receive(request.parts());
      const [file] = files;
      if (!file) throw new AppError('invalid_data', 'noFiles');
      const result = await attachResultDocument(app.db, app.files, actorOf(request), {
        orderId: request.params.id,
        itemId: request.params.itemId,
        filename: file.filename,
        bytes: file.bytes,
        type: file.type,
      });
      return { ok: true as const, file_id: result.fileId, mail_id: result.mailId };
    },
  );
};
