import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { listenForChanges } from '../catalog/catalog-changes.ts';
import { type CalendarCache, createCalendarCache, setProcessCalendars } from './calendar-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    calendars: CalendarCache;
  }
}

/** The PostgreSQL channel that carries "a registry's hours or a holiday changed" between instances. */
export const CALENDAR_CHANNEL = 'shop_calendars_changed';

/**
 * Registry calendars in memory (calendar-cache.ts), loaded at start so the
 * paid path finds them; other instances told of an operator's change by
 * NOTIFY, as the catalogue is (with PGlite, one process, nobody to tell).
 */
export const calendarsPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const cache = createCalendarCache(app.db);
    app.decorate('calendars', cache);
    setProcessCalendars(cache);
    app.addHook('onReady', async () => {
      await cache.snapshot().catch((err) => app.log.warn({ err }, 'registry calendars not loaded yet'));
    });
    if (app.database.kind !== 'postgres' || !env.DATABASE_URL) return;
    const me = randomUUID();
    const listener = listenForChanges({
      url: env.DATABASE_URL,
      channel: CALENDAR_CHANNEL,
      log: app.log,
      onNotice: (from) => {
        if (from !== me) cache.forget();
      },
      onMissed: () => cache.forget(),
    });
    cache.onInvalidate(() => {
      app.db.execute(sql`SELECT pg_notify(${CALENDAR_CHANNEL}, ${me})`).catch((err) => {
        app.log.warn({ err }, 'could not tell the other instances about a calendar change (TTL applies)');
      });
    });
    app.addHook('onReady', () => listener.ready);
    app.addHook('onClose', () => listener.close());
  },
  { name: 'calendars', dependencies: ['database'] },
);
