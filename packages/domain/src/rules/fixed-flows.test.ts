import { describe, expect, it } from 'vitest';
import { FLOW_BRANCH_STEPS, FLOW_STEPS, firstInvalidStep } from './fixed-flows.ts';

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
  ])('passed %j, requested %s -> %s', (passed, requested, redirect) => {
    expect(firstInvalidStep(steps, (step) => passed.includes(step), requested)).toBe(redirect);
  });
});

describe('branch steps (spec 2 routes, visited only when an answer calls for them)', () => {
  it.each([
    ['nota-simple', ['step41', 'step42']],
    ['q-propiedades', []],
    ['i-predial-simplificada', ['step21']],
    ['certidao-permanente', []],
  ] as const)('%s: %j', (flow, branches) => {
    expect(FLOW_BRANCH_STEPS[flow]).toEqual(branches);
    for (const branch of branches) expect(FLOW_STEPS[flow]).toContain(branch);
  });
});
