import type { TFunction } from '@shop/domain/i18n';
import { SummaryList } from '../forms/summary-list.tsx';
import { useT } from '../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import type { FlowForm } from '../wizard/flow-forms.ts';
import type { PredialFlow } from './predial-plan.ts';

export interface PredialSummaryRow {
  label: string;
  value: string;
  /** The route step that asks it. */
  step: string;
}

/** The horizontal-property answer (asked at `horizontalStep`) and, when in one, the unit (at `unitStep`). */
export function horizontalRows(
  t: TFunction,
  form: Pick<FlowForm<PredialFlow>, 'prop_horizontal' | 'prop_horizontal_fracao'>,
  horizontalStep: string,
  unitStep: string,
): PredialSummaryRow[] {
  const horizontal = {
    label: t('predial.summaryHorizontal'),
    value: t(form.prop_horizontal ? 'predial.yes' : 'predial.no'),
    step: horizontalStep,
  };
  if (!form.prop_horizontal) return [horizontal];
  return [
    horizontal,
    { label: t('predial.summaryUnit'), value: form.prop_horizontal_fracao, step: unitStep },
  ];
}

/** The answers with a change button to the step that asks each one. */
export function PredialSummary({
  rows,
  goTo,
}: {
  rows: readonly PredialSummaryRow[];
  goTo: (step: string) => void;
}) {
  const t = useT();
  return (
    <SummaryList
      rows={rows}
      action={(row) => (
        <Button
          variant="text"
          aria-label={t('predial.changeItem', { item: row.label })}
          onClick={() => goTo(row.step)}
        >
          {t('predial.change')}
        </Button>
      )}
    />
  );
}
