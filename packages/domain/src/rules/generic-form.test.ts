import { describe, expect, it } from 'vitest';
import type { GenericForm } from '../schemas/generic-forms.ts';
import { definition } from '../testing/definitions.ts';
import { checkGenericForm, checkOptionValue, genericFormValues } from './generic-form.ts';
import { genericPrice } from './generic-price.ts';

const energy = definition({
  product_id: 18464,
  name: 'Certificado energético',
  price: 9900,
  options: [
    {
      option_id: 1,
      title: 'Tipo de inmueble',
      type: 'radio_button',
      is_require: '1',
      opt_values: [
        { id: 11, name: 'Piso', price: 0 },
        { id: 12, name: 'Chalet', price: 3000 },
      ],
    },
    { option_id: 2, title: 'Superficie', type: 'field', is_require: '1', price: 0 },
    { option_id: 3, title: 'Fecha de visita', type: 'date' },
    {
      option_id: 4,
      title: 'Jardín',
      type: 'field',
      is_require: '1',
      price: 700,
      previous_steps: [{ option_id: 1, value: '12' }],
    },
  ],
  questions_on_confirm: [
    { option_id: 9, title: 'Teléfono', type: 'field', is_require: '1' },
    {
      option_id: 10,
      title: 'Urgente',
      type: 'radio',
      opt_values: [
        { id: 101, name: 'Sí', price: 1500 },
        { id: 102, name: 'No', price: 0 },
      ],
    },
  ],
  related_product: [{ product_id: 18471, name: 'Cédula de habitabilidad', price: 4500 }],
  related_conditions: [{ option_id: 1, value: '11' }],
  conditions_to_earlycheckout: { type: 'and', options: [{ option_id: 2, value: 'no lo sé' }] },
});

const form = (over: Partial<GenericForm> = {}): GenericForm => ({
  product_id: 18464,
  values: [
    { option_id: 1, product_id: 18464, type: 'radio_button', value: '11' },
    { option_id: 2, product_id: 18464, type: 'field', value: '90' },
  ],
  confirm_values: [{ option_id: 9, value: '600000000' }],
  related_product_ids: [],
  ...over,
});
const v = (option_id: number, type: GenericForm['values'][number]['type'], value: string) => ({
  option_id,
  product_id: 18464,
  type,
  value,
});
const asText = (errors: { path: string; message: string }[]) => errors.map((e) => `${e.path}: ${e.message}`);

describe('checkGenericForm', () => {
  it.each([
    ['complete', form(), []],
    ['other product', form({ product_id: 18458 }), ['product_id: wrong_product']],
    [
      'unknown option',
      form({ values: [...form().values, v(77, 'field', 'x')] }),
      ['values.2.option_id: invalid_option'],
    ],
    [
      'type mismatch',
      form({ values: [v(1, 'radio', '11'), v(2, 'field', '90')] }),
      ['values.0.type: invalid_value'],
    ],
    [
      'choice not offered',
      form({ values: [v(1, 'radio_button', '13'), v(2, 'field', '90')] }),
      ['values.0.value: invalid_option'],
    ],
    [
      'bad date',
      form({ values: [...form().values, v(3, 'date', '31/04/2024')] }),
      ['values.2.value: invalid_date'],
    ],
    ['good date', form({ values: [...form().values, v(3, 'date', '30-abr-2024')] }), []],
    ['required option missing', form({ values: [v(1, 'radio_button', '11')] }), ['options.2: required']],
    [
      'conditional required shown',
      form({ values: [v(1, 'radio_button', '12'), v(2, 'field', '90')] }),
      ['options.4: required'],
    ],
    ['early checkout skips the remaining options', form({ values: [v(2, 'field', 'no lo sé')] }), []],
    ['confirmation answer missing', form({ confirm_values: [] }), ['confirm.9: required']],
    [
      'unknown confirm question',
      form({ confirm_values: [...form().confirm_values, { option_id: 2, value: 'x' }] }),
      ['confirm_values.1.option_id: invalid_option'],
    ],
    [
      'bad confirm choice',
      form({ confirm_values: [...form().confirm_values, { option_id: 10, value: '5' }] }),
      ['confirm_values.1.value: invalid_option'],
    ],
    ['related product offered', form({ related_product_ids: [18471] }), []],
    [
      'related product not offered',
      form({
        values: [v(1, 'radio_button', '12'), v(2, 'field', '90'), v(4, 'field', 'sí')],
        related_product_ids: [18471],
      }),
      ['related_product_ids.0: invalid_option'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(asText(checkGenericForm(energy, input))).toEqual(expected);
  });
});

describe('generic form values and price', () => {
  it('merges step values and confirm answers', () => {
    expect(genericFormValues(form())).toEqual({ 1: '11', 2: '90', 9: '600000000' });
  });
  it.each([
    ['flat', form(), 9900],
    [
      'house',
      form({ values: [v(1, 'radio_button', '12'), v(2, 'field', '120'), v(4, 'field', 'sí')] }),
      13600,
    ],
    [
      'urgent',
      form({
        confirm_values: [
          { option_id: 9, value: '6' },
          { option_id: 10, value: '101' },
        ],
      }),
      11400,
    ],
    ['with related product', form({ related_product_ids: [18471] }), 14400],
    // a stale answer to a hidden option is dropped before pricing
    [
      'stale hidden answer',
      form({ values: [v(1, 'radio_button', '11'), v(2, 'field', '90'), v(4, 'field', 'x')] }),
      9900,
    ],
  ])('%s costs %i', (_name, input, cents) => {
    expect(genericPrice(energy, input)).toBe(cents);
  });
  // A single-choice option given several values would fail every branch's condition and hide
  // every branch's required fields: exactly one of its values, for each single-choice type.
  it.each(['drop_down', 'radio', 'radio_button'] as const)(
    'a %s option takes exactly one of its values',
    (type) => {
      const base = energy.options[0];
      if (!base) throw new Error('fixture');
      const option = { ...base, type };
      expect(checkOptionValue(option, '')).toBeNull();
      expect(checkOptionValue(option, '11')).toBeNull();
      expect(checkOptionValue(option, ' 11 ')).toBeNull();
      expect(checkOptionValue(option, '11,12')).toBe('invalid_option');
      expect(checkOptionValue(option, '11,')).toBe('invalid_option');
      expect(checkOptionValue(option, '11,99')).toBe('invalid_option');
      expect(checkOptionValue(option, '99')).toBe('invalid_option');
    },
  );

  it('a phone field (format phone) takes a phone number, a plain field any text', () => {
    const base = energy.options[0];
    if (!base) throw new Error('fixture');
    const phone = { ...base, type: 'field' as const, opt_values: [], format: 'phone' as const };
    expect(checkOptionValue(phone, '')).toBeNull();
    expect(checkOptionValue(phone, '600 123 123')).toBeNull();
    expect(checkOptionValue(phone, '+34 699 111 222')).toBeNull();
    expect(checkOptionValue(phone, 'abc')).toBe('invalid_phone');
    expect(checkOptionValue(phone, '12')).toBe('invalid_phone');
    const { format: _, ...plain } = phone;
    expect(checkOptionValue(plain, 'abc')).toBeNull();
  });
});
