import { describe, expect, it } from 'vitest';
import { definition } from '../testing/definitions.ts';
import {
  canEnterGenericConfirmation,
  currentStep,
  MAX_STEPS,
  optionForStep,
  parseStepSegment,
  valuesForStep,
  wizardOptions,
} from './generic-steps.ts';

const deed = definition({
  product_id: 18458,
  name: 'Copia de escritura',
  price: 3900,
  options: [
    { option_id: 1655, title: '¿Quién solicita?', type: 'radio' },
    { option_id: 1653, title: 'Notaría', type: 'field' },
    {
      option_id: 1654,
      title: 'Protocolo',
      type: 'field',
      previous_steps: [{ option_id: 1655, value: '4325' }],
    },
    { option_id: 1660, title: 'Fecha', type: 'date' },
  ],
  conditions_to_earlycheckout: { type: 'and', options: [{ option_id: 1653, value: 'no lo sé' }] },
});
const rec = (...pairs: [number, string][]) => pairs.map(([option_id, value]) => ({ option_id, value }));

describe('generic step arithmetic (spec 4)', () => {
  it('has 30 steps at most', () => {
    expect(MAX_STEPS).toBe(30);
  });
  it.each([
    [0, 1],
    [1, 2],
    [29, 30],
  ])('%i recorded values -> step %i', (count, step) => {
    expect(currentStep(count)).toBe(step);
  });
  it.each([
    [1, []],
    [2, ['a']],
    [3, ['a', 'b']],
    [5, ['a', 'b', 'c']],
    [0, []],
  ])('going back to step %i keeps %j', (step, kept) => {
    expect(valuesForStep(['a', 'b', 'c'], step)).toEqual(kept);
  });
  it.each([
    ['step0', 0],
    ['step1', 1],
    ['step12', 12],
    ['step30', 30],
    ['step31', null],
    ['step41', null],
    ['step', null],
    ['step-1', null],
    ['step01', null],
    ['step1a', null],
    ['Step1', null],
    ['confirmation', null],
  ])('segment %s -> %s', (segment, step) => {
    expect(parseStepSegment(segment)).toBe(step);
  });
});

describe('generic wizard options', () => {
  it('skips options whose previous_steps do not hold, with no 18458 edit-dialog special case', () => {
    expect(wizardOptions(deed, { 1655: '4324' }).map((o) => o.option_id)).toEqual([1655, 1653, 1660]);
    expect(wizardOptions(deed, { 1655: '4325' }).map((o) => o.option_id)).toEqual([1655, 1653, 1654, 1660]);
  });
  it.each([
    [1, rec(), 1655],
    [2, rec([1655, '4324']), 1653],
    [3, rec([1655, '4324'], [1653, 'X']), 1660],
    [3, rec([1655, '4325'], [1653, 'X']), 1654],
    [4, rec([1655, '4325'], [1653, 'X'], [1654, '12']), 1660],
  ])('step %i after %j shows option %i', (step, recorded, optionId) => {
    expect(optionForStep(deed, recorded, step)?.option_id).toBe(optionId);
  });
  it('has no option past the last one', () => {
    expect(optionForStep(deed, rec([1655, '4324'], [1653, 'X'], [1660, '01/01/2020']), 4)).toBeNull();
    expect(optionForStep(deed, rec(), 0)).toBeNull();
    expect(optionForStep(deed, rec(), 31)).toBeNull();
  });
  it('opens the confirmation at step 30 even with more options', () => {
    const long = definition({
      product_id: 1,
      name: 'x',
      price: 0,
      options: Array.from({ length: 35 }, (_, i) => ({
        option_id: i + 1,
        title: `q${i}`,
        type: 'field' as const,
      })),
    });
    const answers = rec(...Array.from({ length: 30 }, (_, i): [number, string] => [i + 1, 'a']));
    expect(canEnterGenericConfirmation(long, answers.slice(0, 28))).toBe(false);
    expect(canEnterGenericConfirmation(long, answers.slice(0, 29))).toBe(true); // current step 30 = max
  });
});

describe('generic confirmation and step guards', () => {
  it.each([
    ['nothing answered', rec(), false],
    ['halfway', rec([1655, '4324'], [1653, 'X']), false],
    ['every option answered', rec([1655, '4324'], [1653, 'X'], [1660, '01/01/2020']), true],
    ['early checkout ready', rec([1655, '4324'], [1653, 'no lo sé']), true],
    ['longer branch not finished', rec([1655, '4325'], [1653, 'X'], [1654, '7']), false],
  ])('%s -> %s', (_name, recorded, allowed) => {
    expect(canEnterGenericConfirmation(deed, recorded)).toBe(allowed);
  });
});
