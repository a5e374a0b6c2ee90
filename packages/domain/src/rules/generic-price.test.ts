import { describe, expect, it } from 'vitest';
import type { GenericForm, GenericValue } from '../schemas/generic-forms.ts';
import { definition } from '../testing/definitions.ts';
import { genericPrice, genericPriceLines, keptGenericValues } from './generic-price.ts';
import { valuesForStep } from './generic-steps.ts';
import { productPrice } from './price.ts';

/**
 * A deed-like product (the shape of 18458): priced answers at steps 2, 5 and 6,
 * a branch, defaults, a related product offered for some deed types, and an
 * early-checkout extra.
 */
const deed = definition({
  product_id: 500,
  name: 'Copia de escritura',
  price: 5900,
  options: [
    {
      option_id: 1,
      title: 'Tipo',
      type: 'drop_down',
      is_require: '1',
      opt_values: [
        { id: 11, name: 'Compraventa', price: 0 },
        { id: 12, name: 'Otra', price: 0 },
      ],
    },
    {
      option_id: 2,
      title: 'Copia',
      type: 'radio',
      default: '21',
      opt_values: [
        { id: 21, name: 'Simple', price: 0 },
        { id: 22, name: 'Autorizada', price: 2000 },
      ],
    },
    {
      option_id: 3,
      title: '¿Protocolo?',
      type: 'radio',
      opt_values: [
        { id: 31, name: 'Sí', price: 0 },
        { id: 32, name: 'No', price: 0 },
      ],
    },
    { option_id: 4, title: 'Notario', type: 'field', previous_steps: [{ option_id: 3, value: '31' }] },
    {
      option_id: 5,
      title: 'Alcance',
      type: 'radio',
      previous_steps: [{ option_id: 3, value: '32' }],
      previous_steps_default: '51',
      opt_values: [
        { id: 51, name: 'Municipio', price: 0 },
        { id: 52, name: 'Distrito', price: 1500 },
      ],
    },
    {
      option_id: 6,
      title: 'Histórico',
      type: 'radio',
      previous_steps: [{ option_id: 3, value: '32' }],
      opt_values: [
        { id: 61, name: 'No', price: 0 },
        { id: 62, name: 'Sí', price: 2500 },
      ],
    },
  ],
  related_product: [{ product_id: 900, name: 'Nota Simple actualizada', price: 2076 }],
  related_conditions: [{ option_id: 1, value: '11' }],
  conditions_to_earlycheckout: {
    type: 'and',
    options: [{ option_id: 3, value: '31' }],
    confirmationOptions: [
      {
        option_id: 8,
        title: 'Urgente',
        type: 'radio',
        opt_values: [{ id: 81, name: 'Sí', price: 990 }],
      },
    ],
  },
});

const val = (option_id: number, value: string): GenericValue => ({
  option_id,
  product_id: 500,
  type: deed.options.find((o) => o.option_id === option_id)?.type ?? 'field',
  value,
});

/** Every answer in step order, as the wizard records them at the last step. */
const answers: GenericValue[] = [val(1, '11'), val(2, '22'), val(3, '32'), val(5, '52'), val(6, '62')];
const full = (over: Partial<GenericForm> = {}): GenericForm => ({
  product_id: 500,
  values: answers,
  confirm_values: [],
  related_product_ids: [900],
  ...over,
});
const TOTAL = 5900 + 2000 + 1500 + 2500 + 2076;

/**
 * The form as the wizard holds it on step `step` after going back there: the
 * answers of the steps before it recorded, the others kept as drafts (spec 4).
 */
function atStep(form: GenericForm, step: number) {
  const recorded = valuesForStep(form.values, step);
  const pending = Object.fromEntries(form.values.slice(recorded.length).map((v) => [v.option_id, v.value]));
  return { form: { ...form, values: recorded }, pending };
}

describe('genericPrice: one price for the same answers at every step', () => {
  it.each(answers.map((_, index) => index + 1))(
    'going back to step %i shows the total of the last step',
    (step) => {
      const { form, pending } = atStep(full(), step);
      expect(genericPrice(deed, form, pending)).toBe(TOTAL);
      // The price of the values recorded so far alone (the old step price) is not that total from step 2 on.
      if (step > 1)
        expect(
          productPrice(deed, Object.fromEntries(form.values.map((v) => [v.option_id, v.value]))),
        ).not.toBe(TOTAL);
    },
  );

  it('back and forth: forward again through every step, then back to the first, keeps the price', () => {
    const prices: number[] = [];
    for (const step of [5, 4, 3, 2, 1, 2, 3, 4, 5, 3, 5]) {
      const { form, pending } = atStep(full(), step);
      prices.push(genericPrice(deed, form, pending));
    }
    expect(new Set(prices)).toEqual(new Set([TOTAL]));
    expect(genericPrice(deed, full())).toBe(TOTAL);
  });

  it.each([
    ['the cheapest answers', [val(1, '12'), val(2, '21'), val(3, '31')], [], 5900],
    ['the related product is not offered for another deed type', [val(1, '12'), val(3, '32')], [900], 5900],
    ['a default price is counted before its step is reached', [val(1, '11')], [], 5900],
    ['an answer to a hidden option is not charged', [val(1, '11'), val(3, '31'), val(6, '62')], [], 5900],
    ['the scope keeps its previous_steps_default', [val(1, '11'), val(3, '32')], [900], 5900 + 2076],
  ] as const)('%s', (_name, values, related, cents) => {
    expect(genericPrice(deed, full({ values: [...values], related_product_ids: [...related] }))).toBe(cents);
  });

  it('an early-checkout extra counts only when early checkout is ready', () => {
    const urgent = [{ option_id: 8, value: '81' }];
    expect(genericPrice(deed, full({ values: [val(1, '12'), val(3, '31')], confirm_values: urgent }))).toBe(
      5900 + 990,
    );
    expect(genericPrice(deed, full({ values: [val(1, '12'), val(3, '32')], confirm_values: urgent }))).toBe(
      5900,
    );
  });
});

describe('genericPriceLines: the lines the cart, the order and the invoice get', () => {
  it('gives the product and each ticked, offered related product as its own line; they add up to the one price', () => {
    const lines = genericPriceLines(deed, full());
    expect(lines).toEqual([
      { product_id: 500, name: 'Copia de escritura', price: TOTAL - 2076, addOn: false },
      { product_id: 900, name: 'Nota Simple actualizada', price: 2076, addOn: true },
    ]);
    expect(lines.reduce((sum, line) => sum + line.price, 0)).toBe(genericPrice(deed, full()));
  });

  it('drops a related product the answers no longer offer', () => {
    expect(genericPriceLines(deed, full({ values: [val(1, '12')] })).map((l) => l.product_id)).toEqual([500]);
  });

  it('keeps the answers the server stores: hidden ones dropped, defaults filled', () => {
    expect(keptGenericValues(deed, { 1: '11', 3: '31', 6: '62' })).toEqual({ 1: '11', 2: '21', 3: '31' });
  });
});
