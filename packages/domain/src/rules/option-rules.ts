import type { Option, ProductDefinition } from '../schemas/product.ts';
import { previousStepsHold } from './conditions.ts';
import type { OptionValues } from './option-values.ts';

/** Every option of a definition that carries an answer: wizard options, confirm questions, early-checkout extras. */
export function allOptionsOf(definition: ProductDefinition): Option[] {
  const seen = new Set<number>();
  const all: Option[] = [];
  const extra = definition.conditions_to_earlycheckout?.confirmationOptions ?? [];
  for (const option of [...definition.options, ...definition.questions_on_confirm, ...extra]) {
    if (seen.has(option.option_id)) continue;
    seen.add(option.option_id);
    all.push(option);
  }
  return all;
}

function onePass(options: readonly Option[], values: Record<number, string>): boolean {
  let changed = false;
  for (const option of options) {
    const current = values[option.option_id] ?? '';
    let next = current;
    if (!previousStepsHold(option, values)) {
      next = '';
    } else if (current.trim() === '') {
      const conditional = option.previous_steps.length > 0 ? option.previous_steps_default : undefined;
      next = conditional ?? option.default ?? '';
    }
    if (next !== current) {
      changed = true;
      if (next === '') delete values[option.option_id];
      else values[option.option_id] = next;
    }
  }
  return changed;
}

/**
 * The answers after the spec 4 visibility rules (edit dialog and server re-check):
 * an option whose previous_steps stopped holding loses its value; a shown option
 * without a value gets its previous_steps_default (when it has conditions and they
 * all hold) or else its default. Repeats until nothing changes, so chains of
 * dependent options settle; a definition whose rules oscillate stops after one
 * pass per option. Unknown option ids are kept as they are. Not for the generic
 * wizard's recorded values, whose count is the step number.
 */
export function applyOptionRules(
  definition: ProductDefinition,
  values: OptionValues,
): Record<number, string> {
  const next: Record<number, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') next[Number(key)] = value;
  }
  const options = allOptionsOf(definition);
  for (let pass = 0; pass <= options.length; pass++) {
    if (!onePass(options, next)) break;
  }
  return next;
}
