import { ProductDefinitionSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { notaSimpleTotal, urgentExtra } from './ns-price.ts';

const definition = ProductDefinitionSchema.parse({
  product_id: 15867,
  name: 'Nota Simple',
  price: 2076,
  official_fee: 1091,
  options: [
    {
      option_id: 411,
      title: 'Plazo de entrega',
      type: 'radio',
      is_require: '1',
      default: '5901',
      opt_values: [
        { id: 5901, name: 'Estándar', price: 0 },
        { id: 3782, name: 'Urgente', price: 990 },
      ],
    },
  ],
});

describe('Nota Simple price', () => {
  it.each([
    [null, false, 2076],
    [null, true, 3066],
    [definition, false, 2076],
    [definition, true, 3066],
  ])('definition %#, urgent %s: %i cents', (def, urgent, cents) => {
    expect(notaSimpleTotal(def, urgent)).toBe(cents);
  });

  it('the urgent service adds 9,90', () => {
    expect(urgentExtra(definition)).toBe(990);
    expect(urgentExtra(null)).toBe(990);
  });
});
