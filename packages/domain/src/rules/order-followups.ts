import type { Option, ProductDefinition } from '../schemas/product.ts';
import { previousStepsHold } from './conditions.ts';
import { isEarlyCheckoutReady } from './confirmation.ts';
import { applyOptionRules } from './option-rules.ts';
import type { OptionValues } from './option-values.ts';

/**
 * The required wizard options an item bought with early checkout still lacks
 * (spec 4: early checkout lets the customer pay before the last steps): what
 * checkout/finalize/{item_id} asks for. Empty when early checkout was not
 * taken or every shown required option has an answer.
 */
export function optionsToFinalize(definition: ProductDefinition, answers: OptionValues): Option[] {
  const values = applyOptionRules(definition, answers);
  if (!isEarlyCheckoutReady(definition, values)) return [];
  return definition.options.filter(
    (option) =>
      option.is_require === '1' &&
      previousStepsHold(option, values) &&
      (values[option.option_id] ?? '').trim() === '',
  );
}
