import { describe, expect, it } from 'vitest';
import { emptyForm, type FlowForm } from './flow-forms.ts';
import {
  firstStepWithErrors,
  nextStep,
  previousStep,
  recordStep,
  type StepPlan,
  syncLaterSteps,
} from './step-plan.ts';

type Form = FlowForm<'i-predial-simplificada'>;

// A plan over the simplified report's routes: step21 only for horizontal property,
// step3 needs the ficha number when the customer has one.
const plan: StepPlan<'i-predial-simplificada'> = {
  flow: 'i-predial-simplificada',
  applies: (step, form) => (step === 'step21' ? form.prop_horizontal : true),
  errors: (step, form) => {
    if (step === 'step21' && form.prop_horizontal_fracao === '')
      return { prop_horizontal_fracao: 'required' };
    if (step === 'step3' && form.tiene_numero && form.num_ficha === '') return { num_ficha: 'required' };
    return {};
  },
};
const form = (patch: Partial<Form> = {}): Form => ({ ...emptyForm('i-predial-simplificada'), ...patch });

describe('step plans', () => {
  it.each([
    ['step1', {}, 'step2'],
    ['step2', {}, 'step3'],
    ['step2', { prop_horizontal: true }, 'step21'],
    ['step4', {}, 'confirmation'],
    ['confirmation', {}, 'confirmation'],
  ] as const)('after %s with %j comes %s', (step, patch, expected) => {
    expect(nextStep(plan, step, form(patch))).toBe(expected);
  });

  it.each([
    ['step1', {}, null],
    ['step3', {}, 'step2'],
    ['step3', { prop_horizontal: true }, 'step21'],
    ['confirmation', {}, 'step4'],
  ] as const)('before %s with %j comes %s', (step, patch, expected) => {
    expect(previousStep(plan, step, form(patch))).toBe(expected);
  });

  it('recording a step records the later steps the form no longer asks for', () => {
    expect(recordStep(plan, 'step2', form())).toMatchObject({ step2: true, step21: true, step3: false });
  });

  it('a later step keeps its flag only while its data holds', () => {
    const done = form({
      step1: true,
      step2: true,
      step21: true,
      step3: true,
      tiene_numero: true,
      num_ficha: '88',
    });
    expect(syncLaterSteps(plan, 'step2', { ...done, prop_horizontal: true })).toMatchObject({
      step21: false,
      step3: true,
    });
    expect(syncLaterSteps(plan, 'step2', { ...done, num_ficha: '' })).toMatchObject({ step3: false });
    expect(syncLaterSteps(plan, 'step3', { ...done, prop_horizontal: true })).toMatchObject({ step21: true });
  });

  it('finds the first asked step whose data is wrong', () => {
    expect(firstStepWithErrors(plan, form())).toBeNull();
    expect(firstStepWithErrors(plan, form({ prop_horizontal: true, tiene_numero: true }))).toBe('step21');
    expect(firstStepWithErrors(plan, form({ tiene_numero: true }))).toBe('step3');
  });
});
