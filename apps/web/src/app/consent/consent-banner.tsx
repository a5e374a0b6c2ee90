import type { ConsentChoice } from '@shop/domain';
import { type RefObject, useEffect, useRef } from 'react';
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
import { bannerFirstInTabOrder, rememberFocusOrigin, restoreFocusAfterConsent } from './consent-focus.ts';

/**
 * Publishes the banner's height as --cookie-notice-room while it shows: the
 * page keeps that much room at its end and scrolls a focused field above it
 * (global.css scroll-padding-bottom), so the banner never hides what has the focus.
 */
function useBannerHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const banner = ref.current;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--cookie-notice-room', `${banner.offsetHeight}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty('--cookie-notice-room');
    };
  }, [ref]);
}

/**
 * The cookie banner (spec 9): shown until the visitor chooses. 'Reject all' and
 * 'Accept all' are the same kind of button, side by side, on the same screen;
 * 'Settings' opens the four levels. Not a modal: the shop stays usable. In the
 * server's markup the buttons are disabled until the page hydrates (its scripts
 * start after the first paint, ADR 009): a tap before that would do nothing.
 * It is the first Tab stop (bannerFirstInTabOrder), and once answered the focus
 * goes back where it was before the banner.
 */
export default function ConsentBanner() {
  const t = useT();
  const hydrated = useHydrated();
  const ref = useRef<HTMLElement>(null);
  useBannerHeight(ref);
  useEffect(() => (ref.current ? bannerFirstInTabOrder(ref.current) : undefined), []);
  const choose = (choice: ConsentChoice) => {
    setConsent(choice);
    restoreFocusAfterConsent();
  };
  return (
    <section
      ref={ref}
      className={styles.banner}
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      data-consent-banner=""
      onFocus={(event) => rememberFocusOrigin(event.relatedTarget, event.currentTarget)}
    >
      <h2 id="consent-title" className={styles.title}>
        {t('consent.title')}
      </h2>
      <p className={styles.text}>{t('consent.text')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          className={styles.choice}
          disabled={!hydrated}
          onClick={() => choose(REJECT_ALL)}
        >
          {t('consent.rejectAll')}
        </Button>
        <Button
          variant="secondary"
          className={styles.choice}
          disabled={!hydrated}
          onClick={() => choose(ACCEPT_ALL)}
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
