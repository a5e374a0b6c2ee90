import { type SQL, sql } from 'drizzle-orm';
import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type AppDb, queryRows, STATEMENT_SEPARATOR } from './client.ts';

const dialect = new PgDialect();

/**
 * The text of `query` with its parameters written as literals, for a
 * simple-protocol query (which takes no parameters). Every value becomes a
 * quoted literal of unknown type, as node-postgres sends a parameter (text,
 * type unknown), so the statement means the same: `'12'::int`, `'{…}'::jsonb`.
 * pg's escapeLiteral doubles quotes and backslashes (an `E'…'` literal when
 * there is a backslash), so it holds whatever `standard_conforming_strings`
 * says. `$n` is replaced only outside quoted literals and identifiers; a
 * dollar-quoted string or a comment in the text is refused rather than parsed.
 */
export function inlineParameters(text: string, params: unknown[]): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "'" || ch === '"') {
      const end = text.indexOf(ch, i + 1);
      if (end < 0) throw new Error('unterminated quote in a statement to inline');
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (ch === '$') {
      const digits = /^\$(\d+)/.exec(text.slice(i));
      if (!digits) throw new Error('a dollar-quoted string in a statement to inline');
      const index = Number(digits[1]) - 1;
      if (index < 0 || index >= params.length) throw new Error(`no parameter ${digits[0]}`);
      out += literal(params[index]);
      i += digits[0].length;
    } else if ((ch === '-' && text[i + 1] === '-') || (ch === '/' && text[i + 1] === '*')) {
      throw new Error('a comment in a statement to inline');
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'object') return pg.escapeLiteral(JSON.stringify(value));
  return pg.escapeLiteral(String(value));
}

/**
 * Runs `statements` as the transaction's last ones and commits it, in one
 * round trip (issue 22): on PostgreSQL one simple-protocol query carries the
 * statements (their parameters inlined, `inlineParameters`) and
 * `COMMIT AND CHAIN`, which commits and opens an empty transaction that
 * drizzle's own closing COMMIT then ends.
 * The rows they lock are released as soon as PostgreSQL has run them, without
 * waiting for this process to read an answer and send the next statement: a
 * notice holds the series' invoice row and the VERI*FACTU chain's end for the
 * database's time only, not for turns of a busy event loop. Each statement
 * takes its own snapshot, as when sent one by one. Nothing may run in the
 * transaction afterwards (it would run in the new empty transaction, and a
 * later throw would not undo the work). A failed statement aborts the
 * transaction, PostgreSQL skips the rest of the query, and the caller's
 * rollback undoes it all. PGlite runs in this process: the statements are run
 * one by one and the transaction commits as usual. Answers the last
 * statement's rows.
 */
export async function executeAndCommit<T>(tx: AppDb, statements: SQL[]): Promise<T[]> {
  if (!(tx instanceof NodePgTransaction)) {
    let rows: T[] = [];
    for (const statement of statements) rows = await queryRows<T>(tx, statement);
    return rows;
  }
  const texts = statements.map((statement) => {
    const built = dialect.sqlToQuery(statement);
    return inlineParameters(built.sql, built.params);
  });
  const text = [...texts, 'COMMIT AND CHAIN'].join(STATEMENT_SEPARATOR);
  const results = (await tx.execute(sql.raw(text))) as unknown as { rows: T[] }[];
  const last = results[statements.length - 1];
  if (!last) throw new Error('no answer to the last statement');
  return last.rows;
}
