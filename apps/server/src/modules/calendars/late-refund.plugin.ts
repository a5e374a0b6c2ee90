import fp from 'fastify-plugin';
import { LATE_REFUND_JOB, type LateRefundJob, runLateRefund } from './late-refund.ts';

/** The late orders' service-fee refund worker (ADR 034): credit note + gateway refund, outside any transaction. */
export const lateRefundPlugin = fp(
  async (app) => {
    await app.jobs.work<LateRefundJob>(
      LATE_REFUND_JOB,
      (job) =>
        runLateRefund(
          app.database.db,
          {
            storage: app.files,
            gatewayNamed: (name) => app.gateways.named(name),
            renderPdf: (document) => app.pdf.render(document),
            log: app.log,
          },
          job,
        ),
      { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    );
  },
  { name: 'late-refund', dependencies: ['database', 'documents', 'jobs', 'files', 'gateways'] },
);
