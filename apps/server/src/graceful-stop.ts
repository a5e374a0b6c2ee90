import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';

export interface GracefulStopOptions {
  /** Resolves to the app once it is built; undefined while it is still starting. */
  app: () => FastifyInstance | undefined;
  database: Database;
  /** SHUTDOWN_TIMEOUT_MS: past it the process exits with code 1 whatever is still running. */
  timeoutMs: number;
  log?: Pick<Console, 'log' | 'error'>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM / SIGINT: stop accepting connections, answer the requests in
 * flight (Fastify's close: the listener closes first, idle keep-alive
 * connections are closed, requests still arriving on busy ones get 503), let
 * the workers finish the job they run (pg-boss stop, graceful), close the
 * pool, exit 0. All within `timeoutMs`; past it, exit 1. The second signal
 * (a terminal and `npm start` both forward Ctrl-C) changes nothing.
 */
export function installGracefulStop(options: GracefulStopOptions): {
  stop(signal: string): Promise<void>;
  readonly stopping: boolean;
} {
  const log = options.log ?? console;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal} received, shutting down (at most ${options.timeoutMs} ms)`);
    const deadline = setTimeout(() => {
      log.error(
        `Shutdown did not finish within SHUTDOWN_TIMEOUT_MS (${options.timeoutMs} ms): exiting anyway`,
      );
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    // Keep-alive connections that finish their answer would hold the close until their own
    // timeout: closed as soon as they are idle (Fastify closes the idle ones only once, at the start).
    const server = options.app()?.server;
    const sweeper = server ? setInterval(() => server.closeIdleConnections(), 100) : undefined;
    try {
      await options.app()?.close();
      clearInterval(sweeper);
      await options.database.close();
      clearTimeout(deadline);
      exit(0);
    } catch (err) {
      clearInterval(sweeper);
      clearTimeout(deadline);
      log.error('shutdown failed', err);
      exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return {
    stop,
    get stopping() {
      return stopping;
    },
  };
}
