import { describe, expect, it } from 'vitest';
import { definition } from '../testing/definitions.ts';
import { allOptionsOf, applyOptionRules } from './option-rules.ts';

// A chain: 2 depends on 1, 3 depends on 2, 4 depends on 3; 5 has a default and no conditions;
// 6 gets a previous_steps_default when 1 = 'b'; 7 gets its plain default when it appears.
const chain = definition({
  product_id: 18498,
  name: 'Compraventa de vivienda',
  price: 5000,
  options: [
    { option_id: 1, title: 'Tipo', type: 'radio' },
    { option_id: 2, title: 'Detalle', type: 'drop_down', previous_steps: [{ option_id: 1, value: 'a' }] },
    { option_id: 3, title: 'Más', type: 'field', previous_steps: [{ option_id: 2, value: 'x' }] },
    { option_id: 4, title: 'Aún más', type: 'field', previous_steps: [{ option_id: 3, value: 'y' }] },
    { option_id: 5, title: 'Copias', type: 'field', default: '1' },
    {
      option_id: 6,
      title: 'Entrega',
      type: 'radio',
      previous_steps: [{ option_id: 1, value: 'b' }],
      previous_steps_default: 'email',
      default: 'post',
    },
    {
      option_id: 7,
      title: 'Plazo',
      type: 'field',
      previous_steps: [{ option_id: 1, value: 'b' }],
      default: '30',
    },
  ],
  questions_on_confirm: [
    { option_id: 20, title: '¿Factura?', type: 'radio', previous_steps: [{ option_id: 1, value: 'a' }] },
  ],
});

describe('applyOptionRules (spec 4 conditional option visibility)', () => {
  it.each([
    ['fills defaults of shown options', {}, { 5: '1' }],
    [
      'keeps a full chain that holds',
      { 1: 'a', 2: 'x', 3: 'y', 4: 'z' },
      { 1: 'a', 2: 'x', 3: 'y', 4: 'z', 5: '1' },
    ],
    [
      'clears the whole chain when its root changes',
      { 1: 'b', 2: 'x', 3: 'y', 4: 'z' },
      { 1: 'b', 5: '1', 6: 'email', 7: '30' },
    ],
    ['clears only below the broken link', { 1: 'a', 2: 'w', 3: 'y', 4: 'z' }, { 1: 'a', 2: 'w', 5: '1' }],
    ['previous_steps_default wins over default', { 1: 'b' }, { 1: 'b', 5: '1', 6: 'email', 7: '30' }],
    [
      'keeps a chosen value over the defaults',
      { 1: 'b', 6: 'post', 7: '60' },
      { 1: 'b', 5: '1', 6: 'post', 7: '60' },
    ],
    ['keeps a customer value over the plain default', { 5: '3' }, { 5: '3' }],
    ['blank values count as empty', { 1: 'b', 6: '  ' }, { 1: 'b', 5: '1', 6: 'email', 7: '30' }],
    [
      'clears confirm answers whose conditions fail',
      { 1: 'b', 20: 'si' },
      { 1: 'b', 5: '1', 6: 'email', 7: '30' },
    ],
    ['keeps confirm answers whose conditions hold', { 1: 'a', 20: 'si' }, { 1: 'a', 5: '1', 20: 'si' }],
    ['keeps unknown option ids', { 99: 'x' }, { 5: '1', 99: 'x' }],
  ])('%s', (_name, values, expected) => {
    expect(applyOptionRules(chain, values)).toEqual(expected);
  });

  it('reaches a fixed point through chains declared out of order', () => {
    // 10 depends on 11 which is declared after it; 11 depends on 12.
    const reversed = definition({
      product_id: 1,
      name: 'x',
      price: 0,
      options: [
        { option_id: 10, title: 'c', type: 'field', previous_steps: [{ option_id: 11, value: 'on' }] },
        {
          option_id: 11,
          title: 'b',
          type: 'field',
          previous_steps: [{ option_id: 12, value: 'on' }],
          default: 'on',
        },
        { option_id: 12, title: 'a', type: 'field' },
      ],
    });
    expect(applyOptionRules(reversed, { 10: 'kept?', 11: 'on', 12: 'off' })).toEqual({ 12: 'off' });
    expect(applyOptionRules(reversed, { 12: 'on' })).toEqual({ 11: 'on', 12: 'on' });
    expect(applyOptionRules(reversed, { 10: 'v', 11: 'on', 12: 'on' })).toEqual({
      10: 'v',
      11: 'on',
      12: 'on',
    });
  });

  it('settles mutually exclusive options in definition order', () => {
    const loop = definition({
      product_id: 1,
      name: 'x',
      price: 0,
      options: [
        {
          option_id: 1,
          title: 'a',
          type: 'field',
          previous_steps: [{ option_id: 2, value: '' }],
          default: 'x',
        },
        {
          option_id: 2,
          title: 'b',
          type: 'field',
          previous_steps: [{ option_id: 1, value: '' }],
          default: 'y',
        },
      ],
    });
    // 1 is shown (2 is empty) and takes its default, which then hides 2.
    expect(applyOptionRules(loop, {})).toEqual({ 1: 'x' });
    expect(applyOptionRules(loop, { 2: 'z' })).toEqual({ 2: 'z' });
  });

  it('does not change its input', () => {
    const values = { 1: 'b', 2: 'x' };
    applyOptionRules(chain, values);
    expect(values).toEqual({ 1: 'b', 2: 'x' });
  });

  it('collects options, confirm questions and early-checkout extras once', () => {
    const def = definition({
      product_id: 1,
      name: 'x',
      price: 0,
      options: [{ option_id: 1, title: 'a', type: 'field' }],
      questions_on_confirm: [{ option_id: 2, title: 'b', type: 'field' }],
      conditions_to_earlycheckout: {
        type: 'and',
        options: [{ option_id: 1, value: 'x' }],
        confirmationOptions: [
          { option_id: 3, title: 'c', type: 'field' },
          { option_id: 1, title: 'a', type: 'field' },
        ],
      },
    });
    expect(allOptionsOf(def).map((o) => o.option_id)).toEqual([1, 2, 3]);
  });
});
