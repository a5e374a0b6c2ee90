import pg from 'pg';
import { type Database, STATEMENT_SEPARATOR } from '../db/client.ts';
import { requestContext } from '../http/request-context.ts';

/** One statement sent to the database, and the request (or job) it ran for. */
export interface SentStatement {
  text: string;
  /** The request id of the request or job context it ran in; undefined outside both (pg-boss's polling). */
  requestId?: string;
  jobId?: string;
}

interface Recorder {
  statements: SentStatement[];
  stop(): SentStatement[];
}

type Query = (...args: unknown[]) => unknown;

function textOf(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : String(config);
}

/**
 * Records every statement `database` is sent from now until `stop()`, each with
 * the request or job context it ran in: on PostgreSQL every statement of a
 * pool client's queries (BEGIN and COMMIT included), on PGlite every query or exec of the
 * instance and of its transactions (BEGIN and COMMIT counted as PGlite sends them).
 */
export function recordStatements(database: Database): Recorder {
  const statements: SentStatement[] = [];
  const note = (text: string) => {
    const store = requestContext.getStore();
    statements.push({
      text: text.trim().replace(/\s+/g, ' '),
      ...(store ? { requestId: store.requestId, ...(store.jobId ? { jobId: store.jobId } : {}) } : {}),
    });
  };
  const restores: (() => void)[] = [];
  const patch = <T extends object>(target: T, key: string, wrap: (original: Query) => Query) => {
    const holder = target as Record<string, Query>;
    const original = holder[key] as Query;
    holder[key] = wrap(original);
    restores.push(() => {
      holder[key] = original;
    });
  };
  if (database.kind === 'postgres') {
    patch(
      pg.Client.prototype,
      'query',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          // One query may carry several statements (db/commit-with.ts): each counts.
          for (const text of textOf(args[0]).split(STATEMENT_SEPARATOR)) note(text);
          return original.apply(this, args);
        },
    );
  } else {
    const client = (database.db as unknown as { session: { client: Record<string, Query> } }).session.client;
    const counted = (original: Query) =>
      function (this: unknown, ...args: unknown[]) {
        note(textOf(args[0]));
        return original.apply(this, args);
      };
    patch(client, 'query', counted);
    patch(client, 'exec', counted);
    patch(
      client,
      'transaction',
      (original) =>
        function (this: unknown, callback: unknown) {
          note('BEGIN');
          const run = callback as (tx: Record<string, Query>) => Promise<unknown>;
          return (
            original.call(this, (tx: Record<string, Query>) => {
              const txQuery = tx.query as Query;
              const txExec = tx.exec as Query;
              tx.query = counted(txQuery.bind(tx));
              tx.exec = counted(txExec.bind(tx));
              return run(tx);
            }) as Promise<unknown>
          ).finally(() => note('COMMIT'));
        },
    );
  }
  return {
    statements,
    stop() {
      for (const restore of restores.reverse()) restore();
      return statements;
    },
  };
}
