import fp from 'fastify-plugin';
import type { AppDb, Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The opened database; its lifetime belongs to the caller of buildApp (server.ts / tests). */
    database: Database;
    db: AppDb;
  }
}

/** Makes the database available to every service and route as `app.db`. */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);
