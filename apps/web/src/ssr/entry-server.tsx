import type { SsrInput, SsrOutput } from '@shop/domain';
import { createT } from '@shop/domain/i18n';
import { renderToString } from 'react-dom/server';
import { App } from '../app/app.tsx';
import { ConsentBanner } from '../app/consent/consent-manager.tsx';
import { preloadRoute } from '../app/router.tsx';
import { primeLanding } from '../features/landing/utils/landing-data.ts';
import { setConfig } from '../shared/config/config-store.ts';
import { setServerConsent } from '../shared/consent/consent-store.ts';
import { setT } from '../shared/i18n/use-t.ts';
import {
  askedProductDefinitions,
  primeProductDefinitions,
} from '../shared/product-options/get-product-definition.ts';

/** The fixed wizards, whose first step the server renders (a blank form: it cannot see the visitor's storage). */
const WIZARDS = new Set(['nota-simple', 'q-propiedades', 'certidao-permanente', 'i-predial-simplificada']);

/**
 * The routes whose first paint the server renders (ADR 009): the municipality
 * landing pages, the services screen and every wizard's step 1. Other routes go
 * out empty and the browser renders them, as before.
 */
export function isServerRendered(path: string): boolean {
  const [first, second, ...rest] = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  if (first && WIZARDS.has(first)) return second === 'step1' && rest.length === 0;
  // The empty path redirects to the services screen in the browser: nothing to paint.
  return first === 'servicios' || first === 'RegistroPropiedad' || first === 'NotaSimpleRegistroPropiedad';
}

/**
 * One `t` per catalogue object: the server passes the same catalogue for a
 * language on every render, and flattening it is most of what createT costs.
 */
const translators = new WeakMap<SsrInput['catalogue'], ReturnType<typeof createT>>();
function translatorFor(language: SsrInput['config']['language'], catalogue: SsrInput['catalogue']) {
  let t = translators.get(catalogue);
  if (!t) {
    t = createT(language, catalogue);
    translators.set(catalogue, t);
  }
  return t;
}

/**
 * Renders a storefront route to HTML with the same components the browser then
 * hydrates. The configuration, catalogue and landing data are module state the
 * components read (as in the browser): set right before the synchronous
 * renderToString, so concurrent requests never see each other's.
 */
export async function render(input: SsrInput): Promise<SsrOutput> {
  const { url, config, catalogue, landing, products, consent = null } = input;
  if (config.embedded || !isServerRendered(url)) return { html: '', modules: [] };
  // The cookie banner is part of a first visit's first paint.
  const [module] = await Promise.all([preloadRoute(url), ConsentBanner.preload()]);
  const [path = '/', search = ''] = url.split('?');
  setConfig(config);
  setT(translatorFor(config.language, catalogue));
  primeLanding(landing ?? null);
  primeProductDefinitions(products ?? []);
  setServerConsent(consent);
  const html = renderToString(<App ssrPath={`${config.app_prefix}${path}`} ssrSearch={search} />);
  return {
    html,
    // The banner's chunk and CSS only where the banner is in the markup.
    modules: [...(module ? [module] : []), ...(consent ? [] : [ConsentBanner.file])],
    products: askedProductDefinitions(),
  };
}
