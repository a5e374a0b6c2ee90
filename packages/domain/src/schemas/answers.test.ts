import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { definition } from '../testing/definitions.ts';
import { ProductAnswerSchema, parseProductMessage } from './answers.ts';

const DEED = definition({
  product_id: 18458,
  name: 'Copia de escritura',
  price: 5900,
  options: [{ option_id: 1655, title: 'Tipo', type: 'field' }],
});

/** A config is not what these tests are about: take any answer's shape apart from it. */
const ProductPart = z.pick(ProductAnswerSchema, { ok: true, message: true, product: true });

describe('GET product answer', () => {
  it.each([
    [
      'the definition as JSON text and as an object',
      { ok: true, message: JSON.stringify(DEED), product: DEED },
    ],
    ['a server before `product`', { ok: true, message: JSON.stringify(DEED) }],
    ['a refusal', { ok: false }],
  ])('parses %s', (_name, answer) => {
    expect(z.safeParse(ProductPart, answer).success).toBe(true);
  });

  it('refuses a product that is not a definition', () => {
    expect(z.safeParse(ProductPart, { ok: true, product: { name: 'x' } }).success).toBe(false);
  });

  it.each([
    ['the definition', { ok: true, message: JSON.stringify(DEED) }, DEED.product_id],
    ['nothing when ok is false', { ok: false, message: JSON.stringify(DEED) }, null],
    ['nothing for text that is not JSON', { ok: true, message: '{' }, null],
    ['nothing without a message', { ok: true }, null],
  ])('parseProductMessage gives %s', (_name, answer, productId) => {
    expect(parseProductMessage(answer)?.product_id ?? null).toBe(productId);
  });
});
