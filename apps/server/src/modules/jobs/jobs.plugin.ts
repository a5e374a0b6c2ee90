import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (pg-boss): modules register handlers with `app.jobs.work(name, handler)` while the app is built. */
    jobs: JobQueue;
  }
}

/**
 * The app's job queue: created over the app's database, its workers started
 * when the app is ready (every handler registered by then) and stopped, after
 * running jobs finish, when it closes. With PGlite the worker runs in this
 * process; with PostgreSQL every instance runs one and they share the jobs.
 */
export const jobsPlugin = fp<{ pollingIntervalSeconds?: number; stopTimeoutMs?: number }>(
  async (app, opts) => {
    const queue = createJobQueue(app.database, {
      runWorkers: true,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
      onError: (err) => {
        // A failed job names the request that created it (X-Request-Id).
        const requestId = (err as { job?: { requestId?: unknown } } | null)?.job?.requestId;
        app.log.error(
          { err, ...(typeof requestId === 'string' ? { reqId: requestId } : {}) },
          'job queue error',
        );
      },
    });
    app.decorate('jobs', queue);
    app.addHook('onReady', () => queue.start());
    // A graceful stop waits for running jobs, up to the shutdown deadline (SHUTDOWN_TIMEOUT_MS).
    app.addHook('onClose', () => queue.stop(opts.stopTimeoutMs));
  },
  { name: 'jobs', dependencies: ['database'] },
);
