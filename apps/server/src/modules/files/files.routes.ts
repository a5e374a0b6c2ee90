import multipart from '@fastify/multipart';
import { IdFromStringSchema, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UploadAnswerSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../http/app-error.ts';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';

/**
 * `?order_id=`: the quote id while the item is in the cart (or none: the
 * session's open quote), the order id afterwards. Checked against the session
 * by the service, so no format beyond digits is assumed here.
 */
const UploadQuerySchema = z.object({
  order_id: z.optional(z.string().check(z.trim(), z.maxLength(20, { error: 'invalid_id' }))),
});

/**
 * POST pushFilesToPedido/?order_id= (spec 7, multipart: the files plus
 * `option_id` and optional `item_id`; the form key in X-Form-Key) and GET
 * file/:id, the owner's download.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes. Only a few small fields besides the files.
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 10,
      fieldSize: 1000,
      parts: UPLOAD_MAX_FILES + 10,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/pushFilesToPedido',
    {
      schema: { querystring: UploadQuerySchema, response: { 200: UploadAnswerSchema } },
      // Tighter than the API's limit: each call may carry 50 MB (applies when RATE_LIMIT_MAX > 0).
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('unsupported', 'unsupportedMediaType');
      const { files, session } = await app.files.upload(
        visitorOf(request),
        request.query.order_id,
        request.parts(),
        request.ip,
      );
      request.session = session;
      return { ok: true as const, files, config: await requestConfig(request) };
    },
  );

  app.get(
    '/file/:id',
    { schema: { params: z.object({ id: IdFromStringSchema }) } },
    async (request, reply) => {
      const file = await app.files.download(visitorOf(request), request.params.id, request.log);
      // Served as a download of its sniffed type only; nothing in it may run in our origin.
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );
};
