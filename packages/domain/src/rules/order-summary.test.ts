import { describe, expect, it } from 'vitest';
import { cartSummaryLines, orderSummaryLines, orderSummaryView } from './order-summary.ts';

interface Item {
  id: number;
  product_name: string;
  current_price: number;
  official_fee: number;
  childs: Item[];
}
const item = (id: number, name: string, price: number, fee: number, childs: Item[] = []): Item => ({
  id,
  product_name: name,
  current_price: price,
  official_fee: fee,
  childs,
});

describe('cartSummaryLines', () => {
  it('gives each add-on its own line right under its service', () => {
    const lines = cartSummaryLines([
      item(1, 'Nota Simple', 1990, 902, [item(2, 'Envío urgente', 500, 0)]),
      item(3, 'Certificado', 3000, 1500),
    ]);
    expect(lines.map((l) => [l.id, l.addOn])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('counts a line without a known official fee as none', () => {
    expect(
      cartSummaryLines([{ id: 1, product_name: 'x', current_price: 100, childs: [] }])[0]?.officialFee,
    ).toBe(0);
  });
});

describe('orderSummaryLines', () => {
  it('places add-ons under their parent and multiplies by the quantity', () => {
    const lines = orderSummaryLines([
      { id: 10, parent_id: null, name: 'A', price: 1000, qty: 2, official_fee: 400 },
      { id: 12, parent_id: null, name: 'B', price: 300, qty: 1 },
      { id: 11, parent_id: 10, name: 'A+', price: 200, qty: 1 },
    ]);
    expect(lines.map((l) => [l.name, l.price, l.addOn])).toEqual([
      ['A', 2000, false],
      ['A+', 200, true],
      ['B', 300, false],
    ]);
  });

  it('keeps lines without ids (an older answer) in their order', () => {
    const lines = orderSummaryLines([
      { name: 'A', price: 100, qty: 1 },
      { name: 'B', price: 200, qty: 1 },
    ]);
    expect(lines.map((l) => l.name)).toEqual(['A', 'B']);
  });
});

describe('orderSummaryView', () => {
  it('splits the total: the official fees outside VAT, the rest service + VAT', () => {
    const lines = cartSummaryLines([item(1, 'Nota Simple', 1990, 902, [item(2, 'Extra', 121, 0)])]);
    const view = orderSummaryView(lines, 2111, 2100);
    expect(view.split).toEqual({ officialFee: 902, service: 999, vat: 210, total: 2111 });
    expect(view.vatRateBp).toBe(2100);
  });
});
