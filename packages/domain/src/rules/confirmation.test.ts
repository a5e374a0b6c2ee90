import { describe, expect, it } from 'vitest';
import { definition } from '../testing/definitions.ts';
import {
  isConfirmationValid,
  isEarlyCheckoutReady,
  missingConfirmationAnswers,
  visibleConfirmQuestions,
  visibleEarlyCheckoutFields,
} from './confirmation.ts';

const make = (type: 'and' | 'or') =>
  definition({
    product_id: 18472,
    name: 'Divorcio exprés',
    price: 15000,
    options: [
      { option_id: 1, title: 'Hijos', type: 'radio' },
      { option_id: 2, title: 'Acuerdo', type: 'radio' },
      { option_id: 3, title: 'Bienes', type: 'radio' },
    ],
    questions_on_confirm: [
      { option_id: 10, title: 'Teléfono', type: 'field', is_require: '1' },
      { option_id: 11, title: 'Comentario', type: 'area' },
      {
        option_id: 12,
        title: 'Nombre de los hijos',
        type: 'field',
        is_require: '1',
        previous_steps: [{ option_id: 1, value: 'si' }],
      },
    ],
    conditions_to_earlycheckout: {
      type,
      options: [
        { option_id: 1, value: 'no' },
        { option_id: 2, value: 'si' },
      ],
      confirmationOptions: [
        { option_id: 20, title: 'Horario de llamada', type: 'drop_down', is_require: '1' },
        { option_id: 21, title: 'Notas', type: 'area' },
      ],
    },
  });

describe('early checkout (spec 4)', () => {
  it.each([
    ['and', { 1: 'no', 2: 'si' }, true],
    ['and', { 1: 'no', 2: 'no' }, false],
    ['and', { 1: 'no' }, false],
    ['and', {}, false],
    ['or', { 1: 'no', 2: 'no' }, true],
    ['or', { 1: 'si', 2: 'si' }, true],
    ['or', { 1: 'si', 2: 'no' }, false],
    ['or', {}, false],
  ] as const)('type %s with %j -> %s', (type, values, ready) => {
    expect(isEarlyCheckoutReady(make(type), values)).toBe(ready);
  });
  it('is never ready without conditions', () => {
    expect(isEarlyCheckoutReady(definition({ product_id: 1, name: 'x', price: 0 }), {})).toBe(false);
    const empty = definition({
      product_id: 1,
      name: 'x',
      price: 0,
      conditions_to_earlycheckout: { type: 'and', options: [] },
    });
    expect(isEarlyCheckoutReady(empty, {})).toBe(false);
  });
});

describe('confirmation screen', () => {
  const def = make('and');
  const ids = (list: { option_id: number }[]) => list.map((o) => o.option_id);

  it('shows confirm questions whose previous_steps hold', () => {
    expect(ids(visibleConfirmQuestions(def, { 1: 'no' }))).toEqual([10, 11]);
    expect(ids(visibleConfirmQuestions(def, { 1: 'si' }))).toEqual([10, 11, 12]);
  });
  it('shows early-checkout fields only when early checkout is ready', () => {
    expect(ids(visibleEarlyCheckoutFields(def, { 1: 'no', 2: 'si' }))).toEqual([20, 21]);
    expect(ids(visibleEarlyCheckoutFields(def, { 1: 'no', 2: 'no' }))).toEqual([]);
  });
  it.each([
    ['required confirm answered', { 1: 'si', 2: 'no', 10: '600', 12: 'Ana' }, true, []],
    ['required confirm missing', { 1: 'no', 2: 'no' }, false, [10]],
    ['blank answer does not count', { 1: 'no', 2: 'no', 10: ' ' }, false, [10]],
    ['conditional question required when shown', { 1: 'si', 2: 'no', 10: '600' }, false, [12]],
    ['conditional question not shown', { 1: 'no', 2: 'no', 10: '600' }, true, []],
    ['early checkout adds its required field', { 1: 'no', 2: 'si', 10: '600' }, false, [20]],
    ['early checkout field answered', { 1: 'no', 2: 'si', 10: '600', 20: 'mañana' }, true, []],
    [
      'optional fields may stay empty',
      { 1: 'no', 2: 'si', 10: '600', 20: 'tarde', 11: '', 21: '' },
      true,
      [],
    ],
  ])('%s', (_name, values, valid, missing) => {
    expect(isConfirmationValid(def, values)).toBe(valid);
    expect(ids(missingConfirmationAnswers(def, values))).toEqual(missing);
  });
});
