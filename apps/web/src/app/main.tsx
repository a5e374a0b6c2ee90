import '../shared/ui/global.css';
import { isLanguage, loadT } from '@shop/domain/i18n';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setConsentDefaults } from '../shared/analytics/gtag.ts';
import { setConfig, setRenderedConfig } from '../shared/config/config-store.ts';
import { renderedConsent, setServerConsent } from '../shared/consent/consent-store.ts';
import { setT } from '../shared/i18n/use-t.ts';
import { App } from './app.tsx';
import { installChunkReload } from './chunk-reload.ts';
import { ConsentBanner } from './consent/consent-manager.tsx';
import { preloadRoute } from './router.tsx';
import { installVersionCheck } from './version-check.ts';

async function start(root: HTMLElement) {
  // The host page's language (the server writes <html lang>): its catalogue
  // downloads while the configuration's validator (zod, its own chunk, off the
  // entry) loads and checks the configuration.
  const hinted = document.documentElement.lang;
  const early = isLanguage(hinted) ? loadT(hinted) : undefined;
  early?.catch(() => {}); // awaited below when it is the right one
  // A server-rendered step's prices: the definitions the page carries (ADR 009).
  const productData = document.getElementById('product-data')
    ? import('../shared/product-options/product-data.ts')
    : undefined;
  const { loadRuntimeConfig } = await import('./runtime-config.ts');
  const config = await loadRuntimeConfig(document, window);
  setConfig(config);
  // Only this store's catalogue is downloaded (one chunk per language).
  setT(await (config.language === hinted && early ? early : loadT(config.language)));
  if (!config.embedded) document.documentElement.lang = config.language;
  installChunkReload(window);
  installVersionCheck(window, config.base_url);
  // Consent Mode v2 defaults (all denied) before anything else talks to the dataLayer (ADR 008).
  setConsentDefaults();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (root.firstElementChild && !config.embedded) {
    // The server rendered this route (ADR 009): load its module first, so the
    // first render matches the markup and React adopts it instead of replacing it.
    (await productData)?.primeFromPage(document);
    // The banner or not, as the server's markup has it (not as today's cookie says).
    setServerConsent(renderedConsent(root, document.cookie));
    // And with this configuration, whatever an API answer replaces it with meanwhile.
    setRenderedConfig(config);
    await Promise.all([
      preloadRoute(`${window.location.pathname.slice(config.app_prefix.length)}${window.location.search}`),
      ConsentBanner.preload(),
    ]);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    console.error(error);
    // No catalogue may be loaded yet: the spec's generic message, in its own words.
    root.textContent = 'Something bad happened; please try again later.';
  });
}
