import { ProductDefinitionSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { NS_DEFINITION } from '../testing/ns-definition.ts';
import { notaSimpleTotal, urgentExtra } from './ns-price.ts';

const definition = ProductDefinitionSchema.parse(NS_DEFINITION);

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
