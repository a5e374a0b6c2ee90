import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Env } from '../../env.ts';

/** The PostgreSQL channel that carries "the catalogue changed" between instances. */
export const CATALOG_CHANNEL = 'shop_catalog_changed';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ChangeListener {
  /** Resolves once the first LISTEN is in place (start-up waits for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN on `channel` over one dedicated connection (a pooled connection
 * cannot hold a LISTEN). A lost connection is reopened after `retryMs`
 * (doubling up to 10 s); notices sent meanwhile are lost, so `onMissed` runs
 * after every reconnection (the caller then forgets what it cached).
 * `onNotice(payload)` runs for every notice.
 */
export function listenForChanges(opts: {
  url: string;
  channel: string;
  onNotice: (payload: string) => void;
  onMissed: () => void;
  log: Log;
  retryMs?: number;
}): ChangeListener {
  const baseRetry = opts.retryMs ?? 250;
  let retry = baseRetry;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let firstReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    firstReady = resolve;
  });

  const reconnectLater = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, retry);
    timer.unref();
    retry = Math.min(retry * 2, 10_000);
  };

  async function connect(again: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: opts.url, application_name: 'shop-listen' });
    client = next;
    let failed = false;
    const lost = (err?: Error) => {
      if (failed) return;
      failed = true;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (!closed) {
        opts.log.warn({ err: err?.message }, 'catalogue change listener lost its connection; reconnecting');
        reconnectLater();
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === opts.channel) opts.onNotice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    retry = baseRetry;
    if (again) {
      opts.log.info({ channel: opts.channel }, 'catalogue change listener reconnected');
      opts.onMissed();
    }
    firstReady();
  }

  void connect(false);
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      firstReady();
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Several instances agree on the catalogue (issue 19, ADR 022): an edit on one
 * sends NOTIFY (after its transaction committed); every other instance, which
 * LISTENs, forgets its snapshot and reads the rows again on the next request,
 * well within a second. The catalogue's TTL stays as the fallback. With PGlite
 * (one process) there is nobody to tell: nothing is started.
 */
export const catalogChangesPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    if (app.database.kind !== 'postgres' || !env.DATABASE_URL) return;
    const me = randomUUID();
    const listener = listenForChanges({
      url: env.DATABASE_URL,
      channel: CATALOG_CHANNEL,
      log: app.log,
      onNotice: (from) => {
        if (from !== me) app.catalog.forget();
      },
      onMissed: () => app.catalog.forget(),
    });
    app.catalog.onInvalidate(() => {
      app.db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${me})`).catch((err) => {
        app.log.warn(
          { err },
          'could not tell the other instances about a catalogue change (they see it within the TTL)',
        );
      });
    });
    app.addHook('onReady', () => listener.ready);
    app.addHook('onClose', () => listener.close());
  },
  { name: 'catalog-changes', dependencies: ['database', 'catalog'] },
);
