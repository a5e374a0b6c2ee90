import { describe, expect, it } from 'vitest';
import { FLOW_STEPS, firstInvalidStep, flowRedirect, isFlowComplete } from './fixed-flows.ts';

describe('fixed flow step lists (spec 2)', () => {
  it('lists the spec routes', () => {
    expect(FLOW_STEPS['nota-simple']).toEqual([
      'step0',
      'step1',
      'step2',
      'step3',
      'step4',
      'step41',
      'step42',
      'step5',
      'step6',
    ]);
    expect(FLOW_STEPS['q-propiedades']).toEqual([
      'step1',
      'step2',
      'step3',
      'step4',
      'step5',
      'step6',
      'step7',
    ]);
    expect(FLOW_STEPS['i-predial-simplificada']).toEqual([
      'step1',
      'step2',
      'step21',
      'step3',
      'step4',
      'confirmation',
    ]);
    expect(FLOW_STEPS['certidao-permanente']).toEqual([
      'step1',
      'step2',
      'step3',
      'step4',
      'step5',
      'step6',
      'step7',
      'step8',
      'confirmation',
    ]);
  });
});

describe('first invalid step guard', () => {
  const steps = ['a', 'b', 'c', 'd'];
  it.each([
    [[], 'a', null],
    [[], 'b', 'a'],
    [['a'], 'b', null],
    [['a'], 'd', 'b'],
    [['a', 'b', 'c'], 'd', null],
    [['a', 'c'], 'd', 'b'],
    [['a', 'b', 'c', 'd'], 'b', null], // going back is always allowed
    [['b', 'c'], 'd', 'a'],
    [['a', 'b', 'c', 'd'], 'zzz', null], // unknown step: past the end
    [['a', 'b'], 'zzz', 'c'],
  ])('validated %j, requested %s -> %s', (validated, requested, redirect) => {
    expect(firstInvalidStep(steps, new Set(validated), requested)).toBe(redirect);
  });
  it('skips branch steps', () => {
    expect(firstInvalidStep(steps, new Set(['a']), 'd', ['b'])).toBe('c');
    expect(firstInvalidStep(steps, new Set(['a', 'c']), 'd', ['b'])).toBeNull();
  });
});

describe('flow guards with their branches', () => {
  const ns = ['step0', 'step1', 'step2', 'step3', 'step4'];
  it.each([
    ['nota-simple', [], 'step0', null],
    ['nota-simple', [], 'step3', 'step0'],
    ['nota-simple', ['step0', 'step1'], 'step3', 'step2'],
    ['nota-simple', ns, 'step41', null],
    ['nota-simple', ns, 'step42', null], // step41 is a branch: not demanded
    ['nota-simple', ns, 'step5', null], // neither branch visited
    ['nota-simple', [...ns, 'step41', 'step42'], 'step5', null],
    ['nota-simple', ['step0', 'step1', 'step2', 'step3'], 'step41', 'step4'],
    ['nota-simple', [...ns, 'step5'], 'step6', null],
    ['nota-simple', ns, 'step6', 'step5'],
    ['q-propiedades', ['step1', 'step2', 'step3'], 'step7', 'step4'],
    ['q-propiedades', ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'], 'step7', null],
    ['i-predial-simplificada', ['step1', 'step2'], 'step3', null], // step21 is a branch
    ['i-predial-simplificada', ['step1'], 'step21', 'step2'],
    ['i-predial-simplificada', ['step1', 'step2', 'step3'], 'confirmation', 'step4'],
    ['i-predial-simplificada', ['step1', 'step2', 'step3', 'step4'], 'confirmation', null],
    [
      'certidao-permanente',
      ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'],
      'confirmation',
      'step8',
    ],
    ['certidao-permanente', [], 'step1', null],
  ] as const)('%s validated %j requested %s -> %s', (flow, validated, requested, redirect) => {
    expect(flowRedirect(flow, new Set(validated), requested)).toBe(redirect);
  });
  it.each([
    ['nota-simple', [...ns, 'step5', 'step6'], true],
    ['nota-simple', [...ns, 'step5'], false],
    ['q-propiedades', ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'], true],
    ['i-predial-simplificada', ['step1', 'step2', 'step3', 'step4'], true],
    ['certidao-permanente', ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'], false],
  ] as const)('%s complete with %j: %s', (flow, validated, complete) => {
    expect(isFlowComplete(flow, new Set(validated))).toBe(complete);
  });
});
