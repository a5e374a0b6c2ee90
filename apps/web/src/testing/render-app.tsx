import type { RuntimeConfig } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render } from '@testing-library/react';
import { App } from '../app/app.tsx';
import { setConfig } from '../shared/config/config-store.ts';
import { setT } from '../shared/i18n/use-t.ts';
import { makeRuntimeConfig } from './config-fixture.ts';

/** Starts the app as main.tsx does (configuration, then its language) at `url`. */
export async function renderApp(url: string, overrides: Partial<RuntimeConfig> = {}) {
  const config = makeRuntimeConfig(overrides);
  setConfig(config);
  setT(await loadT(config.language));
  window.history.replaceState(null, '', url);
  return { config, ...render(<App />) };
}
