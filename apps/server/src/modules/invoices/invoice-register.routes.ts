import { InvoiceRegisterAnswerSchema, InvoiceRegisterQuerySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_OPERATOR } from '../admin/admin-auth.routes.ts';
import { invoiceRegisterCsv } from './invoice-register.csv.ts';
import { invoiceRegister } from './invoice-register.service.ts';

/**
 * The invoice register in the back office (admins and agents, read only):
 * JSON for the "Facturas" screen and the same list as a CSV download.
 */
export const invoiceRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      config: { admin: ANY_OPERATOR },
      schema: { querystring: InvoiceRegisterQuerySchema, response: { 200: InvoiceRegisterAnswerSchema } },
    },
    async (request) => invoiceRegister(app.db, request.query),
  );

  app.get(
    '/invoices.csv',
    { config: { admin: ANY_OPERATOR }, schema: { querystring: InvoiceRegisterQuerySchema } },
    async (request, reply) => {
      const { series, from, to } = request.query;
      const name = ['facturas', series, from, to].filter(Boolean).join('_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}.csv"`)
        .send(invoiceRegisterCsv(await invoiceRegister(app.db, request.query)));
    },
  );
};
