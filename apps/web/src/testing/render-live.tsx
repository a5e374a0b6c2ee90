import { loadT } from '@shop/domain/i18n';
import { render } from '@testing-library/react';
import { App } from '../app/app.tsx';
import { setConfig } from '../shared/config/config-store.ts';
import { setT } from '../shared/i18n/use-t.ts';
import { clearProductDefinitions } from '../shared/product-options/get-product-definition.ts';
import { dropWizardCaches } from '../shared/wizard/wizard-store.ts';
import type { LiveServer } from './live-server.ts';

/**
 * A new visitor of `storeId` opening `url` on the live server: a fresh session,
 * empty session storage (unless kept: a reload), nothing loaded yet.
 */
export async function renderLive(
  server: LiveServer,
  url: string,
  storeId = 14,
  { keepStorage = false }: { keepStorage?: boolean } = {},
) {
  if (!keepStorage) window.sessionStorage.clear();
  dropWizardCaches();
  clearProductDefinitions();
  const config = await server.startSession(storeId);
  setConfig(config);
  setT(await loadT(config.language));
  window.history.replaceState(null, '', url);
  return { config, ...render(<App />) };
}

/** The generic form the wizard saved (sessionStorage 'last_generic_form'). */
export function savedGenericForm(): {
  product_id: number;
  values: { option_id: number; value: string }[];
  confirm_values: { option_id: number; value: string }[];
  related_product_ids: number[];
  origin?: string;
  origin_id?: string;
} {
  return JSON.parse(window.sessionStorage.getItem('last_generic_form') ?? 'null')?.form ?? null;
}
