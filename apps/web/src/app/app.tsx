import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { useConfig } from '../shared/config/config-store.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The storefront. On its own page the routes live under the application
 * prefix (/app/servicios); embedded in a third-party page they live in the
 * URL's hash, so the host page's own path is left alone.
 */
export function App({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string } = {}) {
  const { app_prefix, embedded } = useConfig();
  const routes = (
    <AppLayout>
      <AppRoutes />
    </AppLayout>
  );
  return embedded ? (
    <Router hook={useHashLocation}>{routes}</Router>
  ) : (
    <Router base={app_prefix.replace(/\/+$/, '')} ssrPath={ssrPath} ssrSearch={ssrSearch}>
      {routes}
    </Router>
  );
}
