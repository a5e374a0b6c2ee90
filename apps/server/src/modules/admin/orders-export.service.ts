import { formatOrderDate, type OrderExportQuery, serverStatusWord } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import { orderItems, orders, payments } from '../../db/schema/index.ts';
import { CSV_BOM, csvAmount, csvLine, csvText } from '../documents/csv.ts';
import { holderSql, queueConditions } from './order-queue-filters.ts';

/** Rows read per query while the CSV streams (keyset pages: no offset, no long transaction). */
export const EXPORT_BATCH = 500;

/** The export's columns, in Spanish like the back office (Estado: the domain's status word, status-words.ts). */
export const EXPORT_HEADER = [
  'Pedido',
  'Fecha',
  'Tienda',
  'Estado',
  'Pagado',
  'Total (€)',
  'Correo',
  'Titular',
  'Productos',
] as const;

interface ExportRow {
  id: string;
  store_id: number;
  status: string;
  email: string;
  total_cents: number;
  created_at: string | Date;
  /** created_at as PostgreSQL's text: the keyset cursor, exact to the microsecond. */
  created_key: string;
  paid: boolean | string;
  holder: string | null;
  products: string[] | null;
}

/**
 * The queue's filtered list as CSV text chunks (documents/csv.ts: a UTF-8
 * byte-order mark and the header first), every matching order oldest first, read in keyset pages
 * of EXPORT_BATCH so a long export neither holds a transaction nor the whole
 * list in memory. Same filters as the queue (queueConditions).
 */
export async function* exportOrdersCsv(
  db: AppDb,
  query: OrderExportQuery,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(EXPORT_HEADER.map(csvText))}`;
  const conditions = queueConditions(query);
  let after: { createdKey: string; id: string } | null = null;
  for (;;) {
    const where = after
      ? [...conditions, sql`(o.created_at, o.id) > (${after.createdKey}::timestamptz, ${after.id})`]
      : conditions;
    const rows: ExportRow[] = await queryRows<ExportRow>(
      db,
      sql`select o.id, o.store_id, o.status, o.email, o.total_cents, o.created_at, o.created_at::text as created_key,
            coalesce((select true from ${payments} p where p.order_id = o.id
                        and p.status in ('paid', 'refunded') limit 1), false) as paid,
            ${holderSql} as holder,
            (select array_agg(i.product_name order by i.id) from ${orderItems} i
               where i.order_id = o.id and i.parent_id is null) as products
          from ${orders} o
          ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
          order by o.created_at asc, o.id asc
          limit ${batch}`,
    );
    let chunk = '';
    for (const row of rows) {
      const created = new Date(row.created_at);
      chunk += csvLine([
        row.id,
        formatOrderDate(created.toISOString(), 'Europe/Madrid') ?? '',
        String(row.store_id),
        csvText(serverStatusWord('es', row.status)),
        row.paid === true || row.paid === 't' ? 'Sí' : 'No',
        csvAmount(Number(row.total_cents)),
        csvText(row.email),
        csvText(row.holder),
        csvText((row.products ?? []).join(', ')),
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { createdKey: last.created_key, id: last.id };
  }
}
