import { isLateStep } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { trackPageView } from '../shared/analytics/track.ts';
import { useConsent } from '../shared/consent/consent-store.ts';

/**
 * A page view per route (spec 4): sent after the route's title is set; a back
 * navigation (the browser's back button) onto one of the late steps sends none.
 */
export function usePageViews(): void {
  const [location] = useLocation();
  const { choice } = useConsent();
  const back = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      back.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    const wasBack = back.current;
    back.current = false;
    if (!choice?.tracking) return;
    if (wasBack && isLateStep(location)) return;
    trackPageView(window.location.pathname, document.title);
  }, [location, choice]);
}
