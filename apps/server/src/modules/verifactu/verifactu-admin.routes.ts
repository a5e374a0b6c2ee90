import { IdParamsSchema, VerifactuResendAnswerSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../admin/admin-auth.routes.ts';
import { resendRejectedRecord, VERIFACTU_SEND_JOB } from './records.service.ts';

/**
 * VERI*FACTU in the back office (admins only). A record the AEAT rejected is
 * corrected by a new record (a subsanación) built from the invoice as it is
 * and queued for sending. The back-office screen comes later (issue 18 item 8).
 */
export const verifactuAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verifactu/records/:id/resend',
    {
      config: { admin: ADMIN_ONLY },
      schema: { params: IdParamsSchema, response: { 200: VerifactuResendAnswerSchema } },
    },
    async (request) => {
      const record = await resendRejectedRecord(app.db, request.params.id);
      app.jobs.nudge(VERIFACTU_SEND_JOB);
      return {
        ok: true as const,
        record: {
          id: record.id,
          seq: record.seq,
          num_serie: record.numSerie,
          status: record.status,
          corrects_record_id: record.correctsRecordId,
        },
      };
    },
  );
};
