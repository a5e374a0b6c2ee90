import type { Catalogue } from '../i18n/translate.ts';
import type { ConsentChoice } from '../rules/analytics.ts';
import type { RuntimeConfig } from './config.ts';
import type { LandingData } from './landing.ts';
import type { ProductDefinition } from './product.ts';

/**
 * The contract between the server and the storefront's server-rendering module
 * (apps/web/src/ssr/entry-server.tsx, built by Vite into WEB_DIST/ssr/): the
 * server hands the route, the page's configuration and its language's catalogue,
 * and gets the HTML the browser then hydrates.
 */
export interface SsrInput {
  /** The route below the application prefix, query string included: '/servicios?store_id=16'. */
  url: string;
  config: RuntimeConfig;
  catalogue: Catalogue;
  /** A municipality landing page's data; null on a landing route whose municipality is unknown. */
  landing?: LandingData | null;
  /** The definitions of the fixed products the store offers (what GET product?id= answers), for the prices a step shows. */
  products?: ProductDefinition[];
  /** The visitor's cookie choice from the consent cookie; null (or absent): the banner is rendered. */
  consent?: ConsentChoice | null;
}

export interface SsrOutput {
  /** The markup of the storefront's root element; '' for a route the browser renders. */
  html: string;
  /** The lazy route modules the markup needs (source paths as the build manifest names them). */
  modules: string[];
  /** The product definitions the markup used: the page carries them, so the hydration shows the same prices. */
  products?: ProductDefinition[];
}

export interface SsrModule {
  render(input: SsrInput): Promise<SsrOutput>;
}
