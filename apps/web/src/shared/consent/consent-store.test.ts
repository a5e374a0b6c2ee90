import { afterEach, describe, expect, it, vi } from 'vitest';

const STORED = { functionality: true, tracking: false, targeting: false };

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** A fresh copy of the store (its state is module-level, as in the browser). */
const freshStore = () => import('./consent-store.ts');

describe('the consent store while a server-rendered page hydrates', () => {
  it("keeps the server's choice until the consent manager has hydrated, then takes the stored one", async () => {
    // A choice stored before the consent cookie existed: the server rendered the banner.
    localStorage.setItem('cookie_consent', JSON.stringify({ version: 1, at: 0, choice: STORED }));
    const store = await freshStore();
    store.setServerConsent(null);
    const listener = vi.fn();
    store.subscribeConsent(listener);
    // Any render during the hydration, even one React redoes, sees what the server saw.
    expect(store.getConsent()).toBeNull();
    expect(store.getConsent()).toBeNull();
    store.endConsentHydration();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getConsent()).toEqual(STORED);
    // Once only.
    store.endConsentHydration();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads the stored choice at once on a page the browser renders itself (no server markup)', async () => {
    localStorage.setItem('cookie_consent', JSON.stringify({ version: 1, at: 0, choice: STORED }));
    const store = await freshStore();
    expect(store.getConsent()).toEqual(STORED);
  });

  it('a choice made during the hydration counts at once', async () => {
    const store = await freshStore();
    store.setServerConsent(null);
    store.setConsent(STORED);
    expect(store.getConsent()).toEqual(STORED);
  });
});

describe('the choice a server-rendered page was rendered with (renderedConsent)', () => {
  const page = (markup: string) => {
    const root = document.createElement('div');
    root.innerHTML = markup;
    return root;
  };

  it('is no choice where the markup has the banner, even when the previous page wrote the cookie since', async () => {
    const { renderedConsent } = await freshStore();
    const { consentCookieValue } = await import('@shop/domain');
    const cookie = `cookie_consent=${consentCookieValue(STORED)}`;
    expect(renderedConsent(page('<section data-consent-banner=""></section>'), cookie)).toBeNull();
    expect(renderedConsent(page('<main></main>'), cookie)).toEqual(STORED);
    // No banner and no cookie any more: a choice all the same, so the banner stays out.
    expect(renderedConsent(page('<main></main>'), '')).toEqual({
      functionality: false,
      tracking: false,
      targeting: false,
    });
  });
});
