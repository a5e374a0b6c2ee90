import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Called when the user closes it: Escape, the close button or the backdrop. */
  onClose: () => void;
  title: string;
  /** Accessible name of the close button, e.g. t('common.close'). */
  closeLabel: string;
  /** 400px by default (spec point 9); 500px for Nota Simple step 3. */
  width?: number;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page
 * inert and closes on Escape. We move focus to the first field on open and
 * give it back to the element that opened the dialog on close.
 */
export function Dialog({ open, onClose, title, closeLabel, width = 400, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[autofocus], input, select, textarea');
    first?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled natively by <dialog>
    <dialog
      ref={ref}
      className={styles.dialog}
      style={{ width: `min(${width}px, calc(100vw - 2 * var(--space-3)))` }}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop targets the <dialog> itself.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className={styles.content}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label={closeLabel}
            onClick={() => onCloseRef.current()}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
