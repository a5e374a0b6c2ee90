import { lazy, Suspense, useEffect } from 'react';
import { applyConsent } from '../../shared/analytics/gtag.ts';
import { useConfig } from '../../shared/config/config-store.ts';
import { endConsentHydration, useConsent, writeConsentCookie } from '../../shared/consent/consent-store.ts';
import { useHydrated } from '../../shared/hooks/use-hydrated.ts';
import { lazyRoute } from '../lazy-route.tsx';

/**
 * The banner is in the server's markup of a first visit (ADR 009: it is the
 * largest text a phone paints), so it is preloaded before rendering and
 * hydrating (`preloadConsentBanner`), like a route.
 */
export const ConsentBanner = lazyRoute(
  'src/app/consent/consent-banner.tsx',
  () => import('./consent-banner.tsx'),
);
const ConsentSettings = lazy(() => import('./consent-settings.tsx'));

/**
 * Cookie consent (spec 9, ADR 008): the banner until the visitor chooses, the
 * settings dialog on demand, and the choice applied to analytics, which loads
 * only once tracking or targeting is granted. Both parts are small lazy chunks.
 * The server renders the banner unless the consent cookie says the visitor
 * chose, and the hydration starts from the same cookie (ADR 009).
 */
export function ConsentManager() {
  const config = useConfig();
  const { choice, settingsOpen } = useConsent();
  const hydrated = useHydrated();

  // Effects run once this part is hydrated: only then does a choice stored in the browser count.
  useEffect(() => endConsentHydration(), []);

  useEffect(() => {
    if (!choice) return;
    applyConsent(config, choice);
    // A choice stored before the consent cookie existed gets it now.
    writeConsentCookie(choice);
  }, [choice, config]);

  return (
    <Suspense fallback={null}>
      {choice === null && !settingsOpen && <ConsentBanner />}
      {hydrated && settingsOpen && <ConsentSettings />}
    </Suspense>
  );
}
