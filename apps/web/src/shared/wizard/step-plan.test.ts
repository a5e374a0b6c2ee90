import type { FixedFlow } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { certidaoPlan } from '../../features/certidao-permanente/utils/certidao-plan.ts';
import { nsPlan } from '../../features/nota-simple/utils/ns-plan.ts';
import { blankFlowForm, type FlowForm } from './flow-forms.ts';
import {
  type FixedPlan,
  fixedPlan,
  isPassed,
  nextStep,
  previousStep,
  recordStep,
  type StepPlan,
  stepProgress,
  stepRedirect,
  syncLaterSteps,
} from './step-plan.ts';

type Form = FlowForm<'i-predial-simplificada'>;

// A plan over the simplified report's routes: step21 only for horizontal property,
// step3 needs the ficha number when the customer has one.
const plan = fixedPlan('i-predial-simplificada', {
  applies: (step, form) => (step === 'step21' ? form.prop_horizontal : true),
  errors: (step, form) => {
    if (step === 'step21' && form.prop_horizontal_fracao === '')
      return { prop_horizontal_fracao: 'required' };
    if (step === 'step3' && form.tiene_numero && form.num_ficha === '') return { num_ficha: 'required' };
    return {};
  },
});
const form = (patch: Partial<Form> = {}): Form => ({ ...blankFlowForm('i-predial-simplificada'), ...patch });
const done = (...steps: string[]) => Object.fromEntries(steps.map((step) => [step, true]));

describe('the step engine: navigation', () => {
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

  it.each([
    ['step1', {}, 1, 4],
    ['step3', {}, 3, 4],
    ['step3', { prop_horizontal: true }, 4, 5],
    ['confirmation', {}, 4, 4],
  ] as const)('%s with %j is step %i of %i', (step, patch, position, total) => {
    expect(stepProgress(plan, step, form(patch))).toEqual({ position, total });
  });
});

describe('the step engine: the guard (spec 4, query string kept by the route)', () => {
  it.each([
    ['step1', {}, null],
    ['step3', {}, 'step1'],
    ['step3', done('step1'), 'step2'],
    ['step3', done('step1', 'step2'), null],
    ['step1', done('step1', 'step2', 'step3', 'step4'), null], // going back is always allowed
    // A branch the answers ask for is demanded; one they do not ask for is not.
    ['step3', { ...done('step1', 'step2'), prop_horizontal: true }, 'step21'],
    [
      'step3',
      { ...done('step1', 'step2', 'step21'), prop_horizontal: true, prop_horizontal_fracao: 'A' },
      null,
    ],
    // A recorded step whose data no longer holds is shown again.
    ['step4', { ...done('step1', 'step2', 'step3'), tiene_numero: true }, 'step3'],
    // A step the form does not ask for goes on to the first step not passed.
    ['step21', done('step1', 'step2'), 'step3'],
    ['step21', done('step1'), 'step2'],
    ['confirmation', done('step1', 'step2', 'step3'), 'step4'],
    ['confirmation', done('step1', 'step2', 'step3', 'step4'), null],
  ] as const)('%s with %j -> %s', (step, patch, expected) => {
    expect(stepRedirect(plan, step, form(patch))).toBe(expected);
  });

  it('an optional step is never demanded, and Next does not enter it on its own', () => {
    const withIntro = fixedPlan('nota-simple', { optional: ['step0', 'step41', 'step42'] });
    const ns = { ...blankFlowForm('nota-simple'), ...done('step2', 'step3', 'step4', 'step5') };
    expect(isPassed(withIntro, 'step0', ns)).toBe(true);
    expect(stepRedirect(withIntro, 'step5', ns)).toBeNull();
    expect(nextStep(withIntro, 'step41', ns)).toBe('step5');
    expect(previousStep(withIntro, 'step5', ns)).toBe('step4');
    expect(previousStep(withIntro, 'step5', { ...ns, step52: true })).toBe('step42');
    expect(previousStep(withIntro, 'step1', ns)).toBe('step0');
    expect(stepProgress(withIntro, 'step42', ns)).toEqual({ position: 4, total: 6 });
    expect(stepProgress(withIntro, 'step0', ns)).toEqual({ position: 0, total: 6 });
  });

  it('an open step is entered whatever comes before it', () => {
    const early: StepPlan<Form> = { ...plan, open: (step) => step === 'confirmation' };
    expect(stepRedirect(early, 'confirmation', form())).toBeNull();
    expect(stepRedirect(early, 'step3', form())).toBe('step1');
  });
});

describe('the step engine: recording', () => {
  it('records the step in its spec 3 flag, and the later steps the form does not ask for', () => {
    expect(recordStep(plan, 'step2', form())).toMatchObject({ step2: true, step21: true, step3: false });
    expect(recordStep(plan, 'step2', form({ prop_horizontal: true }))).toMatchObject({ step21: false });
    expect(recordStep(plan, 'confirmation', form())).toMatchObject({ step5: true });
  });

  it('a later step keeps its flag only while its data holds', () => {
    const all = form({ ...done('step1', 'step2', 'step21', 'step3'), tiene_numero: true, num_ficha: '88' });
    expect(syncLaterSteps(plan, 'step2', { ...all, prop_horizontal: true })).toMatchObject({
      step21: false,
      step3: true,
    });
    expect(syncLaterSteps(plan, 'step2', { ...all, num_ficha: '' })).toMatchObject({ step3: false });
    expect(syncLaterSteps(plan, 'step3', { ...all, prop_horizontal: true })).toMatchObject({ step21: true });
  });
});

describe("'Paso n de N' of the fixed wizards: never twice the same number, never a growing total", () => {
  /** The progress lines of a walk: each step with the form as it is when the step shows. */
  const walk = <F extends FixedFlow>(plan: FixedPlan<F>, visits: [string, FlowForm<F>][]) =>
    visits.map(([step, form]) => plan.progress?.(step, form));

  const expectSteady = (lines: ({ position: number; total: number } | undefined)[]) => {
    const positions = lines.map((line) => line?.position ?? 0).filter((position) => position > 0);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const totals = lines.map((line) => line?.total ?? 0);
    for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeLessThanOrEqual(totals[i - 1] ?? 0);
  };

  it('Nota Simple through the urgent branch (step42): 1..7 of 7, step42 numbered on its own', () => {
    const ns = (...steps: string[]) => ({ ...blankFlowForm('nota-simple'), ...done(...steps) });
    const lines = walk(nsPlan, [
      ['step0', ns()],
      ['step1', ns('step1')],
      ['step2', ns('step1', 'step2')],
      ['step3', ns('step1', 'step2', 'step3')],
      ['step4', ns('step1', 'step2', 'step3', 'step4')],
      ['step42', ns('step1', 'step2', 'step3', 'step4', 'step5')],
      ['step5', ns('step1', 'step2', 'step3', 'step4', 'step5', 'step52')],
      ['step6', ns('step1', 'step2', 'step3', 'step4', 'step5', 'step52', 'step6')],
    ]);
    expect(lines.map((line) => `${line?.position}/${line?.total}`)).toEqual([
      '0/7',
      '1/7',
      '2/7',
      '3/7',
      '4/7',
      '5/7',
      '6/7',
      '7/7',
    ]);
    expectSteady(lines);
  });

  it('Nota Simple without a branch: the total shrinks once step4 has decided, never grows', () => {
    const ns = (...steps: string[]) => ({ ...blankFlowForm('nota-simple'), ...done(...steps) });
    const lines = walk(nsPlan, [
      ['step4', ns('step1', 'step2', 'step3', 'step4')],
      ['step5', ns('step1', 'step2', 'step3', 'step4', 'step5')],
      ['step6', ns('step1', 'step2', 'step3', 'step4', 'step5', 'step6')],
    ]);
    expect(lines.map((line) => `${line?.position}/${line?.total}`)).toEqual(['4/7', '5/6', '6/6']);
    expectSteady(lines);
  });

  it('Certidão Permanente, matricial and horizontal property: 8 steps from the start, no growth', () => {
    const form = (patch: Partial<FlowForm<'certidao-permanente'>>, ...steps: string[]) => ({
      ...blankFlowForm('certidao-permanente'),
      ...patch,
      ...done(...steps),
    });
    const matricial = { forma_identificar_matricial: true };
    const horizontal = { ...matricial, prop_horizontal: true };
    const lines = walk(certidaoPlan, [
      ['step1', form({})],
      ['step2', form({}, 'step1')],
      ['step3', form({}, 'step1', 'step2')],
      ['step4', form(matricial, 'step1', 'step2', 'step3')],
      ['step5', form(matricial, 'step1', 'step2', 'step3', 'step4')],
      ['step6', form(matricial, 'step1', 'step2', 'step3', 'step4', 'step5')],
      ['step7', form(horizontal, 'step1', 'step2', 'step3', 'step4', 'step5', 'step6')],
      ['step8', form(horizontal, 'step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7')],
    ]);
    expect(lines.map((line) => line?.total)).toEqual([8, 8, 8, 8, 8, 8, 8, 8]);
    expectSteady(lines);
  });

  it('Certidão Permanente by ficha, no horizontal property: the total shrinks 8 -> 7 -> 6', () => {
    const ficha = { forma_identificar_ficha: true };
    const form = (...steps: string[]) => ({
      ...blankFlowForm('certidao-permanente'),
      ...ficha,
      ...done(...steps),
    });
    const lines = walk(certidaoPlan, [
      ['step3', form('step1', 'step2')],
      ['step5', form('step1', 'step2', 'step3')],
      ['step6', form('step1', 'step2', 'step3', 'step5')],
      ['step8', form('step1', 'step2', 'step3', 'step5', 'step6')],
    ]);
    expect(lines.map((line) => `${line?.position}/${line?.total}`)).toEqual(['3/8', '4/7', '5/7', '6/6']);
    expectSteady(lines);
  });
});
