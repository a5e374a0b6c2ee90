import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ProductDefinitionSchema } from '../schemas/product.ts';
import { optionsToFinalize } from './order-followups.ts';

const definition = z.parse(ProductDefinitionSchema, {
  product_id: 18346,
  name: 'Cancelación de hipoteca',
  price: 10000,
  options: [
    {
      option_id: 1,
      title: 'Pagada',
      type: 'radio',
      is_require: '1',
      opt_values: [
        { id: 11, name: 'Sí' },
        { id: 12, name: 'No' },
      ],
    },
    { option_id: 2, title: 'Banco', type: 'field', is_require: '1' },
    { option_id: 3, title: 'Notas', type: 'field' },
    {
      option_id: 4,
      title: 'Solo si no',
      type: 'field',
      is_require: '1',
      previous_steps: [{ option_id: 1, value: '12' }],
    },
  ],
  conditions_to_earlycheckout: { type: 'and', options: [{ option_id: 1, value: '11' }] },
});

describe('optionsToFinalize (checkout/finalize)', () => {
  it('lists the shown required options an early checkout left unanswered', () => {
    expect(optionsToFinalize(definition, { 1: '11' }).map((o) => o.option_id)).toEqual([2]);
  });
  it('is empty once they are answered, or without early checkout', () => {
    expect(optionsToFinalize(definition, { 1: '11', 2: 'Banco Uno' })).toEqual([]);
    expect(optionsToFinalize(definition, { 1: '12' })).toEqual([]);
    expect(optionsToFinalize(definition, {})).toEqual([]);
  });
});
