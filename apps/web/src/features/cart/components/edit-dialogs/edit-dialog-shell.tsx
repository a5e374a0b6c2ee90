import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../../../../shared/i18n/use-t.ts';
import { Button } from '../../../../shared/ui/button.tsx';
import { Dialog } from '../../../../shared/ui/dialog.tsx';
import styles from './edit-dialog.module.css';

export interface EditDialogShellProps {
  title: string;
  onClose: () => void;
  /** Runs on 'Actualizar' (submit). */
  onSubmit: () => void;
  saving: boolean;
  /** A message for the whole form (no answer, a refusal). */
  failure: string;
  /** Changes whenever validation fails, so focus can go to the first invalid field. */
  errorToken: number;
  children: ReactNode;
}

/**
 * The frame of the fixed products' edit dialogs: the 400px native dialog with
 * its title, the form, a general error, and the 'Cancelar' / 'Actualizar' buttons.
 */
export function EditDialogShell({
  title,
  onClose,
  onSubmit,
  saving,
  failure,
  errorToken,
  children,
}: EditDialogShellProps) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (errorToken === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorToken]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };

  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t('common.close')}>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        {children}
        {failure && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
        <div className={styles.buttons}>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('cart.saving') : t('common.update')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
