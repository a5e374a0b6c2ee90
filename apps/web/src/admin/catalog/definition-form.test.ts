import { ProductDefinitionSchema, sameDefinition } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { fromForm, problemText, toForm } from './definition-form.ts';

const base = ProductDefinitionSchema.parse({
  product_id: 18470,
  name: 'Certificado',
  price: 2076,
  official_fee: 900,
  conditions_to_earlycheckout: { type: 'and', options: [{ option_id: 1, value: '2' }] },
  options: [
    {
      option_id: 1,
      title: 'Tipo',
      type: 'radio',
      is_require: '1',
      opt_values: [
        { id: 1, name: 'Finca', price: 0 },
        { id: 2, name: 'Local', price: 350 },
      ],
    },
    { option_id: 2, title: 'Fecha', type: 'date', previous_steps: [{ option_id: 1, value: ['1', '2'] }] },
    {
      option_id: 3,
      title: 'Nota',
      type: 'area',
      help: '',
      previous_steps: [{ option_id: 2, value: '2026-01-01', op: 'gtdate' }],
    },
  ],
});

describe('the catalogue form', () => {
  it('shows prices in euros and gives back the same definition when nothing is edited', () => {
    const form = toForm(base);
    expect(form.price).toBe('20,76');
    expect(form.options[0]?.opt_values[1]?.price).toBe('3,50');
    const { definition, problems } = fromForm(form, base);
    expect(problems).toEqual([]);
    expect(sameDefinition(definition, base)).toBe(true);
    // What the form does not show is kept.
    expect(definition?.conditions_to_earlycheckout).toEqual(base.conditions_to_earlycheckout);
  });

  it('turns euros typed into integer cents and checks the domain rules', () => {
    const form = toForm(base);
    form.price = '24,9';
    const opt = form.options[0];
    if (opt?.opt_values[1]) opt.opt_values[1].price = '4.05';
    const { definition } = fromForm(form, base);
    expect(definition?.price).toBe(2490);
    expect(definition?.options[0]?.opt_values[1]?.price).toBe(405);

    form.official_fee = '30';
    expect(fromForm(form, base).problems).toEqual([{ path: 'official_fee', message: 'above_price' }]);
    form.official_fee = 'nueve';
    expect(fromForm(form, base)).toEqual({
      definition: null,
      problems: [{ path: 'official_fee', message: 'invalid_amount' }],
    });
  });
});

describe('problems in words', () => {
  it('names where and what', () => {
    expect(problemText({ path: 'name', message: 'required' })).toBe(
      'Producto › nombre: Este campo es obligatorio.',
    );
    expect(problemText({ path: 'options.1.opt_values.0.price', message: 'invalid_amount' })).toBe(
      'Opción 2 › valor 1 › precio: Escribe un importe en euros, p. ej. 12,50.',
    );
  });
});
