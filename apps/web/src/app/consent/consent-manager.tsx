import { lazy, Suspense, useEffect } from 'react';
import { applyConsent } from '../../shared/analytics/gtag.ts';
import { useConfig } from '../../shared/config/config-store.ts';
import { useConsent } from '../../shared/consent/consent-store.ts';
import { useHydrated } from '../../shared/hooks/use-hydrated.ts';

const ConsentBanner = lazy(() => import('./consent-banner.tsx'));
const ConsentSettings = lazy(() => import('./consent-settings.tsx'));

/**
 * Cookie consent (spec 9, ADR 008): the banner until the visitor chooses, the
 * settings dialog on demand, and the choice applied to analytics, which loads
 * only once tracking or targeting is granted. Both parts are small lazy chunks.
 */
export function ConsentManager() {
  const config = useConfig();
  const { choice, settingsOpen } = useConsent();
  const hydrated = useHydrated();

  useEffect(() => {
    if (choice) applyConsent(config, choice);
  }, [choice, config]);

  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {choice === null && !settingsOpen && <ConsentBanner />}
      {settingsOpen && <ConsentSettings />}
    </Suspense>
  );
}
