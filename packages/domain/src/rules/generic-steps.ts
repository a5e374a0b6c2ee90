import type { Option, ProductDefinition } from '../schemas/product.ts';
import { previousStepsHold } from './conditions.ts';
import { isEarlyCheckoutReady } from './confirmation.ts';
import { type OptionValues, valuesFromList } from './option-values.ts';

/** The generic wizard's last step number (spec 9). */
export const MAX_STEPS = 30;

/** The generic wizard's current step: the count of recorded values plus one (spec 4). */
export function currentStep(recordedValues: number): number {
  return recordedValues + 1;
}

/** The recorded values kept when going back to step n: the first n - 1 (spec 4). */
export function valuesForStep<T>(recorded: readonly T[], step: number): T[] {
  return recorded.slice(0, Math.max(0, step - 1));
}

/** The step number of a path segment 'step0' .. 'step30'; null for anything else (spec 2, spec 9). */
export function parseStepSegment(segment: string): number | null {
  const match = /^step(0|[1-9]\d?)$/.exec(segment);
  if (!match) return null;
  const step = Number(match[1]);
  return step <= MAX_STEPS ? step : null;
}

/**
 * The options the generic wizard asks, in definition order, one per step: those
 * whose previous_steps hold with the given answers. The product 18458 edit-dialog
 * special case does not apply here (it would make option 1660 unanswerable).
 */
export function wizardOptions(definition: ProductDefinition, values: OptionValues): Option[] {
  return definition.options.filter((option) => previousStepsHold(option, values));
}

type Recorded = ReadonlyArray<{ option_id: number; value: string }>;

/**
 * The option step n (1-based) shows, judged with the answers of the steps before
 * it; null when the wizard has fewer steps.
 */
export function optionForStep(
  definition: ProductDefinition,
  recorded: Recorded,
  step: number,
): Option | null {
  if (step < 1 || step > MAX_STEPS) return null;
  return wizardOptions(definition, valuesFromList(valuesForStep(recorded, step)))[step - 1] ?? null;
}

/**
 * Whether the generic confirmation route may be entered: every asked option has
 * an answer, or the current step reached the maximum, or early checkout is ready (spec 4).
 */
export function canEnterGenericConfirmation(definition: ProductDefinition, recorded: Recorded): boolean {
  const values = valuesFromList(recorded);
  if (currentStep(recorded.length) >= MAX_STEPS) return true;
  if (isEarlyCheckoutReady(definition, values)) return true;
  return recorded.length >= Math.min(wizardOptions(definition, values).length, MAX_STEPS);
}
