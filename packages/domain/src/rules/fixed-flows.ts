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
 * The first invalid step guard (spec 4): the first step before `requested` that is
 * neither validated nor a branch, or null when `requested` may be entered. A step
 * id not in the list is treated as past the end (every required step must be validated).
 */
export function firstInvalidStep(
  steps: readonly string[],
  validated: ReadonlySet<string>,
  requested: string,
  branches: readonly string[] = [],
): string | null {
  const index = steps.indexOf(requested);
  const before = index < 0 ? steps : steps.slice(0, index);
  return before.find((step) => !validated.has(step) && !branches.includes(step)) ?? null;
}

/** The guard for one of the four fixed flows, with its branch steps. */
export function flowRedirect(
  flow: FixedFlow,
  validated: ReadonlySet<string>,
  requested: string,
): string | null {
  return firstInvalidStep(FLOW_STEPS[flow], validated, requested, FLOW_BRANCH_STEPS[flow]);
}

/** True when every required (non-branch) step of the flow is validated: the form is valid (spec 4). */
export function isFlowComplete(flow: FixedFlow, validated: ReadonlySet<string>): boolean {
  const branches = FLOW_BRANCH_STEPS[flow];
  return FLOW_STEPS[flow].every(
    (step) => step === 'confirmation' || branches.includes(step) || validated.has(step),
  );
}
