import { useT } from '../../../shared/i18n/use-t.ts';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <p aria-busy="true" role="status">
      {label ?? t('common.loading')}
    </p>
  );
}
