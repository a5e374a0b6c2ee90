import { type FeeBreakdown, feeBreakdown } from './fee-breakdown.ts';

/** One line of the order summary every checkout screen shows: a service, or an add-on under it. */
export interface SummaryLine {
  id: number | string;
  name: string;
  /** All-in price of the line in cents (qty included). */
  price: number;
  /** The registry's fee inside `price` (no VAT). */
  officialFee: number;
  /** True for an add-on (a child line, ADR 027) shown under its service. */
  addOn: boolean;
}

/** The order summary: its lines, and the total with its split (official fee, service, VAT). */
export interface OrderSummaryView {
  lines: SummaryLine[];
  split: FeeBreakdown;
  /** The VAT rate of the service, in basis points. */
  vatRateBp: number;
}

interface CartLike {
  id: number;
  product_name: string;
  current_price: number;
  official_fee?: number | undefined;
  childs: readonly CartLike[];
}

/** The cart's items as summary lines: each item, then its add-ons (and their own) right under it. */
export function cartSummaryLines(items: readonly CartLike[], depth = 0): SummaryLine[] {
  return items.flatMap((item) => [
    {
      id: item.id,
      name: item.product_name,
      price: item.current_price,
      officialFee: item.official_fee ?? 0,
      addOn: depth > 0,
    },
    ...cartSummaryLines(item.childs, depth + 1),
  ]);
}

interface OrderItemLike {
  id?: number | undefined;
  parent_id?: number | null | undefined;
  name: string;
  price: number;
  qty: number;
  official_fee?: number | undefined;
}

/** An order's items (orderSummary/) as summary lines, each add-on under its parent line. */
export function orderSummaryLines(items: readonly OrderItemLike[]): SummaryLine[] {
  const line = (item: OrderItemLike, index: number): SummaryLine => ({
    id: item.id ?? `line-${index}`,
    name: item.name,
    price: item.price * item.qty,
    officialFee: item.official_fee ?? 0,
    addOn: item.parent_id !== null && item.parent_id !== undefined,
  });
  const indexed = items.map((item, index) => ({ item, index }));
  const top = indexed.filter(({ item }) => !item.parent_id);
  const placed = new Set<number>();
  const out: SummaryLine[] = [];
  const place = (entry: { item: OrderItemLike; index: number }) => {
    if (placed.has(entry.index)) return;
    placed.add(entry.index);
    out.push(line(entry.item, entry.index));
    for (const child of indexed)
      if (entry.item.id !== undefined && child.item.parent_id === entry.item.id) place(child);
  };
  for (const entry of top) place(entry);
  // A child whose parent is not in the list still shows (as an add-on line).
  for (const entry of indexed) place(entry);
  return out;
}

/** The summary of `lines` with `total` (cents) split as the invoice splits it (DECISIONS.md "Money"). */
export function orderSummaryView(
  lines: readonly SummaryLine[],
  total: number,
  vatRateBp: number,
): OrderSummaryView {
  const officialFee = lines.reduce((sum, line) => sum + line.officialFee, 0);
  return { lines: [...lines], split: feeBreakdown(total, officialFee, vatRateBp), vatRateBp };
}
