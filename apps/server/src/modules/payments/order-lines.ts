import {
  formatEuros,
  formatPrice,
  type Language,
  type OrderSuccess,
  orderSummaryLines,
  orderSummaryView,
} from '@shop/domain';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client.ts';
import { orderItems, products } from '../../db/schema/index.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';

export type OrderLine = OrderSuccess['items'][number];

/**
 * Every line of an order (add-ons as their own lines, ADR 027) with the
 * registry's fee inside each price (the catalogue's, as the invoice reads it):
 * what the order summary shows on the storefront and on the gateway pages.
 */
export async function orderLines(db: AppDb, orderId: string): Promise<OrderLine[]> {
  const rows = await db
    .select({
      id: orderItems.id,
      parent_id: orderItems.parentId,
      product_id: orderItems.productId,
      name: orderItems.productName,
      qty: orderItems.qty,
      price: orderItems.priceCents,
      fee: products.officialFeeCents,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return linesOf(rows);
}

/** A line as read, with the catalogue's fee of one unit. */
export type OrderLineRow = Omit<OrderLine, 'official_fee'> & { fee: number | null };

function linesOf(rows: readonly OrderLineRow[]): OrderLine[] {
  return rows.map(({ fee, ...line }) => ({
    ...line,
    official_fee: Math.min((fee ?? 0) * line.qty, line.price * line.qty),
  }));
}

/**
 * orderLines as a column of another query (the order's lines in the statement
 * that reads the order, issue 22): a JSON array of its rows, decoded by mapWith.
 */
export function orderLinesColumn(orderId: AnyPgColumn): SQL<OrderLine[]> {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', oi.id, 'parent_id', oi.parent_id,
      'product_id', oi.product_id, 'name', oi.product_name, 'qty', oi.qty, 'price', oi.price_cents,
      'fee', p.official_fee_cents) ORDER BY oi.id), '[]'::json)
    FROM ${orderItems} oi LEFT JOIN ${products} p ON p.id = oi.product_id WHERE oi.order_id = ${orderId})`.mapWith(
    (value: unknown) => linesOf((typeof value === 'string' ? JSON.parse(value) : value) as OrderLineRow[]),
  );
}

/**
 * The order summary on a page the server renders (the sandbox's gateway
 * pages, the hand-off to a real gateway): its lines and the total with its
 * split in the invoice's words. A native disclosure (details / summary: a
 * keyboard and screen-reader button without script, as those pages run none),
 * closed at first, its summary naming the total.
 */
export function orderSummaryHtml(input: {
  lines: readonly OrderLine[];
  total: number;
  vatRateBp: number;
  language: Language;
}): string {
  const { language } = input;
  const t = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) =>
    escapeHtml(translate(language, key, vars));
  const euros = (cents: number) => escapeHtml(formatEuros(cents, language));
  const view = orderSummaryView(orderSummaryLines(input.lines), input.total, input.vatRateBp);
  const lines = view.lines
    .map(
      (line) =>
        `<li${line.addOn ? ' class="add-on"' : ''}><span>${line.addOn ? `${t('orderPanel.addOn')}: ` : ''}${escapeHtml(line.name)}</span><span>${euros(line.price)}</span></li>`,
    )
    .join('');
  const row = (label: string, cents: number, extra = '') =>
    `<div${extra}><dt>${label}</dt><dd>${euros(cents)}</dd></div>`;
  const { split } = view;
  return `<details class="order-summary" data-testid="order-summary"><summary>${t('orderPanel.heading')}: <strong>${euros(split.total)}</strong></summary><ul>${lines}</ul><dl>${row(t('feeSplit.officialFee'), split.officialFee)}${row(t('feeSplit.service'), split.service)}${row(t('feeSplit.vat', { rate: formatPrice(view.vatRateBp, language) }), split.vat)}${row(t('feeSplit.total'), split.total, ' class="total"')}</dl></details>`;
}

/** The styles of orderSummaryHtml (the pages keep their CSS in one <style>). */
export const ORDER_SUMMARY_CSS =
  '.order-summary{margin:.75rem 0;padding:.5rem .75rem;border-radius:6px;background:#f4f6f9}.order-summary summary{cursor:pointer;min-height:44px;display:flex;align-items:center;gap:.5rem}.order-summary ul{list-style:none;margin:.5rem 0;padding:0}.order-summary li,.order-summary dl div{display:flex;justify-content:space-between;gap:1rem;padding:.2rem 0}.order-summary li.add-on{padding-left:1rem;font-size:.9rem}.order-summary dl{margin:0;border-top:1px solid #ccc;padding-top:.25rem;font-size:.9rem}.order-summary dt{font-weight:normal}.order-summary dd{margin:0;white-space:nowrap}.order-summary .total{font-weight:bold;border-top:1px solid #ccc}';
