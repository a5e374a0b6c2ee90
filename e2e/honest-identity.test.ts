import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 18 item 6 in Chromium at 360px against the real server: every page's
// footer says the shop is a private service, not the registry, with the official
// channel; register links the privacy policy and the contracting conditions,
// real pages with no axe violations and no sideways scrolling on a phone.

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function expectAccessiblePhonePage(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('an honest identity (Chromium, 360px, real server)', () => {
  it.each([
    [14, /servicio privado/, 'registradores.org', 'https://www.registradores.org/'],
    [16, /serviço privado/, 'Predial Online', 'https://www.predialonline.pt/'],
  ])('store %i: the footer names the official channel', async (storeId, words, channel, url) => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=${storeId}`);
    const notice = page.getByRole('contentinfo').getByTestId('official-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(words);
    expect(await notice.getByRole('link', { name: channel }).getAttribute('href')).toBe(url);
  });

  it('register links the privacy policy and the contracting conditions, which open as pages', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await saveWizardForm(page, 'last_ns_form', NS_FORM);
    await page.goto(`${origin}/app/cart/add/ns`);
    await page.getByTestId('cart-total').waitFor();
    await page.goto(`${origin}/app/customer/register`);
    await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();

    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Política de privacidad' }).click();
    await heading(page, 'Política de privacidad').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/privacy');
    expect(await main.textContent()).toContain('2026-11-01');
    await expectAccessiblePhonePage(page);

    await page.goBack();
    await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
    await main.getByRole('link', { name: 'Condiciones de contratación' }).click();
    await heading(page, 'Condiciones de contratación').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/conditions');
    expect(await main.getByTestId('official-notice').count()).toBe(1);
    await expectAccessiblePhonePage(page);

    // Server-rendered on a direct visit too, with the page's own title.
    const direct = await page.request.get(`${origin}/app/conditions?store_id=14`);
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toContain('Condiciones de contratación');
  });
});
