import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredLoginLinks } from '../customers/login-link.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceService;
  }
}

/** How long an upload may wait for the cart item (or order) that refers to it. */
export const STALE_UPLOAD_MS = 24 * 3600 * 1000;
/** How long an open quote without items or files is kept after its last change. */
export const EMPTY_QUOTE_MS = 24 * 3600 * 1000;
/** The hourly clean-up job, and when it runs (cron, UTC): once an hour in the whole deployment. */
export const CLEANUP_JOB = 'maintenance.cleanup';
export const CLEANUP_CRON = '17 * * * *';

export interface CleanupReport {
  endedSessions: number;
  staleUploads: number;
  emptyQuotes: number;
  staleThrottles: number;
}

export interface MaintenanceService {
  /** One cleanup pass: ended sessions, unreferenced uploads (rows and bytes), then empty open quotes. */
  run(now: Date): Promise<CleanupReport>;
}

/**
 * What anonymous visitors leave behind is bounded in time: an hourly pass
 * removes it. The pass is a pg-boss schedule, so however many instances run it
 * happens once an hour in the whole deployment (not once per instance); every
 * step is an idempotent delete all the same.
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const service: MaintenanceService = {
      async run(now) {
        const endedSessions = await app.sessions.removeEnded(now);
        const staleUploads = await app.files.removeStaleUploads(new Date(now.getTime() - STALE_UPLOAD_MS));
        const emptyQuotes = await app.cart.removeEmptyQuotes(new Date(now.getTime() - EMPTY_QUOTE_MS));
        const staleThrottles =
          (await app.customers.removeStaleThrottles(now)) + (await deleteExpiredLoginLinks(app.db, now));
        return { endedSessions, staleUploads, emptyQuotes, staleThrottles };
      },
    };
    app.decorate('maintenance', service);

    // A failed pass is not retried: the next hour's does the same work.
    await app.jobs.work(
      CLEANUP_JOB,
      async () => {
        const report = await service.run(new Date());
        app.log.info(report, 'cleanup pass');
      },
      { retryLimit: 0, expireInSeconds: 15 * 60 },
    );
    await app.jobs.schedule(CLEANUP_JOB, CLEANUP_CRON);
  },
  { name: 'maintenance', dependencies: ['sessions', 'cart', 'files', 'customers', 'jobs'] },
);
