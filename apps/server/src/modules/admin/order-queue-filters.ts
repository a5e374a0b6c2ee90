import { type OrderQueueQuery, type OrderStatus, PAID_ORDER_STATUSES } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import { customers, orderItems } from '../../db/schema/index.ts';

/** The statuses of paid orders still being worked on: the queue's default view. */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'complete_pending',
  'complete_in_progress',
  'complete_incident',
];

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Midnight of a yyyy-mm-dd day in Madrid (the operators' day), as a timestamptz expression. */
export const madridDay = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Madrid')`;

/** The form keys that hold the holder's name, in the fixed wizards' forms (the first that has one wins). */
export const HOLDER_KEYS = ['nombre', 'nombre_persona', 'nombre_empresa', 'titular'] as const;

/**
 * The order `o`'s holder as the customer typed it in the first item's form
 * (never the e-mail): null when the form names none.
 */
export const holderSql = sql`(select coalesce(${sql.join(
  HOLDER_KEYS.map((key) => sql`nullif(i.form->>${sql.raw(`'${key}'`)}, '')`),
  sql`, `,
)}) from ${orderItems} i where i.order_id = o.id and i.parent_id is null order by i.id limit 1)`;

/**
 * The queue's filters as a WHERE clause over orders `o` (the queue, its CSV
 * export and nothing else, so both show the same orders): store, product,
 * status (none: the paid orders being worked on), placed between two days in
 * Madrid, paid or not, and a search (order id, e-mail, or any answer of the
 * customer's forms: holder, DNI, address).
 */
export function queueWhere(query: Omit<OrderQueueQuery, 'page'>): SQL {
  const where = queueConditions(query);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/** The queue's filters as a list of conditions over orders `o` (see queueWhere). */
export function queueConditions(query: Omit<OrderQueueQuery, 'page'>): SQL[] {
  const where: SQL[] = [];
  if (query.status === undefined) where.push(sql`o.status in ${OPEN_STATUSES}`);
  else if (query.status !== 'all') where.push(sql`o.status = ${query.status}`);
  if (query.store !== undefined) where.push(sql`o.store_id = ${query.store}`);
  if (query.product !== undefined)
    where.push(
      sql`exists (select 1 from ${orderItems} i where i.order_id = o.id and i.product_id = ${query.product})`,
    );
  if (query.from) where.push(sql`o.created_at >= ${madridDay(query.from)}`);
  if (query.to) where.push(sql`o.created_at < ${madridDay(query.to, 1)}`);
  // Paid = a status only a captured payment leads to (the state machine's guard), so the filter reads the order row.
  if (query.paid === 'paid') where.push(sql`o.status in ${PAID_ORDER_STATUSES}`);
  if (query.paid === 'unpaid') where.push(sql`o.status not in ${PAID_ORDER_STATUSES}`);
  const q = query.q?.trim();
  if (q) {
    if (/^\d{9,11}$/.test(q)) where.push(sql`o.id = ${q}`);
    // Through the customer's unique lower(email) index, then orders_customer_idx: no scan of the orders.
    else if (q.includes('@'))
      where.push(sql`o.customer_id in (select c.id from ${customers} c where lower(c.email) = lower(${q}))`);
    else
      where.push(
        sql`(exists (select 1 from ${orderItems} i where i.order_id = o.id and i.form::text ilike ${likePattern(q)})
          or o.billing::text ilike ${likePattern(q)})`,
      );
  }
  return where;
}
