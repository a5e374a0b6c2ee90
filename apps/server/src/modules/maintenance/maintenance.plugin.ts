import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceService;
  }
}

/** How long an upload may wait for the cart item (or order) that refers to it. */
export const STALE_UPLOAD_MS = 24 * 3600 * 1000;
/** How long an open quote without items or files is kept after its last change. */
export const EMPTY_QUOTE_MS = 24 * 3600 * 1000;
const EVERY_MS = 3600 * 1000;

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
 * What anonymous visitors leave behind is bounded in time: an hourly pass (and
 * one a minute after start) removes it. Every step is an idempotent delete, so
 * several instances may run it at once.
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const service: MaintenanceService = {
      async run(now) {
        const endedSessions = await app.sessions.removeEnded(now);
        const staleUploads = await app.files.removeStaleUploads(new Date(now.getTime() - STALE_UPLOAD_MS));
        const emptyQuotes = await app.cart.removeEmptyQuotes(new Date(now.getTime() - EMPTY_QUOTE_MS));
        const staleThrottles = await app.customers.removeStaleThrottles(now);
        return { endedSessions, staleUploads, emptyQuotes, staleThrottles };
      },
    };
    app.decorate('maintenance', service);

    const pass = () =>
      service
        .run(new Date())
        .then((report) => app.log.info(report, 'cleanup pass'))
        .catch((err) => app.log.warn({ err }, 'cleanup pass failed'));
    // unref'd so the timers never keep the process alive.
    const first = setTimeout(pass, 60_000);
    const timer = setInterval(pass, EVERY_MS);
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  },
  { name: 'maintenance', dependencies: ['sessions', 'cart', 'files', 'customers'] },
);
