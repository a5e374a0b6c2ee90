import { useEffect } from 'react';
import styles from './snackbar.module.css';
import { dismissSnackbar, useCurrentSnackbar } from './snackbar-store.ts';

/** Renders the current snackbar; mounted once by the app shell. */
export function Snackbar() {
  const current = useCurrentSnackbar();

  useEffect(() => {
    if (!current || current.duration === null) return;
    const timer = setTimeout(() => dismissSnackbar(current.id), current.duration);
    return () => clearTimeout(timer);
  }, [current]);

  // The live region stays in the document so screen readers announce new text.
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {current && (
        <div className={styles.snackbar}>
          <span className={styles.message}>{current.message}</span>
          {current.action && (
            <button
              type="button"
              className={styles.action}
              onClick={() => {
                current.action?.onAction?.();
                dismissSnackbar(current.id);
              }}
            >
              {current.action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
