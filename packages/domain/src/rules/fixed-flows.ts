import type { FixedFlow } from './stores.ts';

/** The step ids of the fixed wizards, in order (spec 2 "Step routes by product"). */
export const FLOW_STEPS: Readonly<Record<FixedFlow, readonly string[]>> = {
  'nota-simple': ['step0', 'step1', 'step2', 'step3', 'step4', 'step41', 'step42', 'step5', 'step6'],
  'q-propiedades': ['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7'],
  'i-predial-simplificada': ['step1', 'step2', 'step21', 'step3', 'step4', 'confirmation'],
  'certidao-permanente': [
    'step1',
    'step2',
    'step3',
    'step4',
    'step5',
    'step6',
    'step7',
    'step8',
    'confirmation',
  ],
};

/**
 * Conditional branch steps: visited only when an earlier answer calls for them
 * (Nota Simple step41 slow registry and step42 urgent service; simplified report
 * step21 the horizontal-property unit when step2 says the property has one). The guard never demands a
 * branch before a later step; entering a branch still needs every required step
 * before it. The form schema checks the branch's data when it is needed.
 */
export const FLOW_BRANCH_STEPS: Readonly<Record<FixedFlow, readonly string[]>> = {
  'nota-simple': ['step41', 'step42'],
  'q-propiedades': [],
  'i-predial-simplificada': ['step21'],
  'certidao-permanente': [],
};

/**
 * The first invalid step guard (spec 4), for every wizard: the first step before
 * `requested` that is not passed (recorded, or not needed), or null when
 * `requested` may be entered. A step id not in the list is treated as past the
 * end (every step must be passed). The fixed wizards pass their branch and intro
 * steps; the generic wizard passes step n once n values are recorded.
 */
export function firstInvalidStep(
  steps: readonly string[],
  isPassed: (step: string) => boolean,
  requested: string,
): string | null {
  const index = steps.indexOf(requested);
  const before = index < 0 ? steps : steps.slice(0, index);
  return before.find((step) => !isPassed(step)) ?? null;
}
