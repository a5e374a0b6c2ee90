import { ApiAnswerSchema, UploadFormBodySchema, UploadFormQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestConfig } from '../../http/request-config.ts';
import { visitorOf } from '../session/session.plugin.ts';
import { answerIncident } from './incidents.service.ts';

/**
 * POST uploadForm?form_id=&order_id= (spec 7): the customer's answer to the
 * incident form of their order ({ config, json_form, json_values }; the files
 * went before through pushFilesToPedido/?order_id=). Anonymous: 401; another
 * customer's order or incident: 404; answered already or no longer open: 409.
 */
export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploadForm',
    {
      schema: {
        querystring: UploadFormQuerySchema,
        body: UploadFormBodySchema,
        response: { 200: ApiAnswerSchema },
      },
    },
    async (request) => {
      const { session, store } = visitorOf(request);
      await answerIncident(
        app.database.db,
        { customerId: session.customerId, storeId: store.id },
        {
          formId: request.query.form_id,
          orderId: request.query.order_id,
          jsonForm: request.body.json_form,
          jsonValues: request.body.json_values,
        },
      );
      return { ok: true, config: await requestConfig(request) };
    },
  );
};
