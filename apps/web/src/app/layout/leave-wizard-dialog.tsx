import { useT } from '../../shared/i18n/use-t.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import styles from './layout.module.css';

/** The logo pressed in the middle of a wizard: leave (to where the logo goes) or stay on the form. */
export default function LeaveWizardDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onStay} title={t('header.leaveTitle')} closeLabel={t('common.close')}>
      <p>{t('header.leaveText')}</p>
      <div className={styles.dialogActions}>
        <Button autoFocus onClick={onStay}>
          {t('header.leaveStay')}
        </Button>
        <Button variant="secondary" onClick={onLeave}>
          {t('header.leaveConfirm')}
        </Button>
      </div>
    </Dialog>
  );
}
