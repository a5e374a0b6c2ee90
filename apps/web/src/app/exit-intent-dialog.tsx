import { exitIntentKey } from '@shop/domain';
import { useT } from '../shared/i18n/use-t.ts';
import { Button } from '../shared/ui/button.tsx';
import { Dialog } from '../shared/ui/dialog.tsx';

/** The exit-intent dialog: the route's help text (exitIntentKey) and 'Continuar' to stay. */
export default function ExitIntentDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={t('exitIntent.title')} closeLabel={t('common.close')}>
      <p data-testid="exit-intent-text">{t(exitIntentKey(path))}</p>
      <Button autoFocus onClick={onClose}>
        {t('common.continue')}
      </Button>
    </Dialog>
  );
}
