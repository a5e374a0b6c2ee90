import {
  ACCEPT_ALL,
  REJECT_ALL,
  setConsent,
  setConsentSettingsOpen,
} from '../../shared/consent/consent-store.ts';
import { useHydrated } from '../../shared/hooks/use-hydrated.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { Button } from '../../shared/ui/button.tsx';
import styles from './consent.module.css';

/**
 * The cookie banner (spec 9): shown until the visitor chooses. 'Reject all' and
 * 'Accept all' are the same kind of button, side by side, on the same screen;
 * 'Settings' opens the four levels. Not a modal: the shop stays usable. In the
 * server's markup the buttons are disabled until the page hydrates (its scripts
 * start after the first paint, ADR 009): a tap before that would do nothing.
 */
export default function ConsentBanner() {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <section className={styles.banner} aria-labelledby="consent-title" data-testid="consent-banner">
      <h2 id="consent-title" className={styles.title}>
        {t('consent.title')}
      </h2>
      <p className={styles.text}>{t('consent.text')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          className={styles.choice}
          disabled={!hydrated}
          onClick={() => setConsent(REJECT_ALL)}
        >
          {t('consent.rejectAll')}
        </Button>
        <Button
          variant="secondary"
          className={styles.choice}
          disabled={!hydrated}
          onClick={() => setConsent(ACCEPT_ALL)}
        >
          {t('consent.acceptAll')}
        </Button>
        <Button variant="text" disabled={!hydrated} onClick={() => setConsentSettingsOpen(true)}>
          {t('consent.settings')}
        </Button>
      </div>
    </section>
  );
}
