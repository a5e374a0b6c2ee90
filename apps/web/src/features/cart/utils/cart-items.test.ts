import { cartLines } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { makeCartItem, option } from '../../../testing/cart-fixture.ts';
import { hasLocatedProperty, itemDetails, itemsToCancel } from './cart-items.ts';

const item = (id: number, product_id: number, childs = [] as ReturnType<typeof makeCartItem>[]) =>
  makeCartItem({ id, product_id, childs: childs.map((child) => ({ ...child, parent_id: id })) });

describe('cart items', () => {
  it('flattens children after their parent', () => {
    const cart = [item(1, 18357, [item(2, 18324), item(3, 18324)]), item(4, 15867)];
    expect(cartLines(cart).map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    [[item(1, 15867)], false, []],
    [[item(1, 18357, [item(2, 18324)])], true, [2]],
    [[item(1, 18324), item(5, 15868)], true, [1]],
    [[item(1, 17492, [item(2, 15868)])], true, [2]],
    [[item(1, 18347), item(2, 18361)], true, [1, 2]],
    // The back office's located quote: the 18324 request with its properties (also 18324) under it.
    [[item(1, 18324, [item(2, 18324), item(3, 18324)])], true, [1]],
    [[item(1, 18324, [item(2, 18347)])], true, [1]],
  ])('%j: located %s, Cancelar pedido removes %j', (items, located, cancelled) => {
    expect(hasLocatedProperty(items)).toBe(located);
    expect(itemsToCancel(items).map((i) => i.id)).toEqual(cancelled);
  });

  it('details: label and printed value of every option that has one', () => {
    const withOptions = makeCartItem({
      options: [
        option(77, 'Ana', 'Titular del inmueble'),
        option(74, '', 'Datos registrales (opcional)'),
        option(411, '3782', 'Plazo de entrega', 'Urgente: recibir hoy antes de 4 horas laborables'),
        option(9, 'x', ''),
      ],
    });
    expect(itemDetails(withOptions)).toEqual([
      'Titular del inmueble: Ana',
      'Plazo de entrega: Urgente: recibir hoy antes de 4 horas laborables',
      'x',
    ]);
  });
});
