import { afterEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../testing/config-fixture.ts';
import {
  CONFIG_ELEMENT_ID,
  parseRuntimeConfig,
  RuntimeConfigError,
  readEmbeddedConfig,
} from './runtime-config.ts';

function embedScript(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CONFIG_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(CONFIG_ELEMENT_ID)?.remove();
  delete window.appConfig;
});

describe('runtime configuration', () => {
  it.each([14, 16, 18])('reads store %i from the server-rendered script tag', (storeId) => {
    const config = makeRuntimeConfig({ store_id: storeId });
    embedScript(JSON.stringify(config));
    expect(readEmbeddedConfig(document, window)).toEqual(config);
  });

  it('reads window.appConfig in embedded mode and marks it embedded', () => {
    window.appConfig = { ...makeRuntimeConfig({ store_id: 16 }), embedded: false };
    const config = readEmbeddedConfig(document, window);
    expect(config?.store_id).toBe(16);
    expect(config?.embedded).toBe(true);
  });

  it('prefers the script tag to window.appConfig', () => {
    embedScript(JSON.stringify(makeRuntimeConfig({ store_id: 18 })));
    window.appConfig = makeRuntimeConfig({ store_id: 16 });
    expect(readEmbeddedConfig(document, window)?.store_id).toBe(18);
  });

  it('answers undefined when the page carries no configuration', () => {
    expect(readEmbeddedConfig(document, window)).toBeUndefined();
  });

  it('refuses a script tag that is not JSON', () => {
    embedScript('{ store_id: 14');
    expect(() => readEmbeddedConfig(document, window)).toThrow(RuntimeConfigError);
  });

  it('lists every invalid field', () => {
    const { store_id: _, ...withoutStore } = makeRuntimeConfig();
    const error = (() => {
      try {
        parseRuntimeConfig({ ...withoutStore, language: 'fr', cart: { ...withoutStore.cart, total: 1.5 } });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(RuntimeConfigError);
    expect(error?.message).toMatch(/store_id/);
    expect(error?.message).toMatch(/language/);
    expect(error?.message).toMatch(/cart\.total/);
  });
});
