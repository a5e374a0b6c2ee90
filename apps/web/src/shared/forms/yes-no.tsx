import { useT } from '../i18n/use-t.ts';
import { RadioGroup } from './radio-group.tsx';

export type YesNo = 'sim' | 'nao';

/** A Sim / Não question as two native radios. */
export function YesNoQuestion({
  name,
  legend,
  hint,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  hint?: string;
  value: YesNo | '';
  onChange: (value: YesNo) => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <RadioGroup<YesNo>
      id={name}
      name={name}
      legend={legend}
      hint={hint}
      options={[
        { value: 'sim', label: t('predial.yes') },
        { value: 'nao', label: t('predial.no') },
      ]}
      value={value}
      onChange={onChange}
      error={error}
      required
    />
  );
}
