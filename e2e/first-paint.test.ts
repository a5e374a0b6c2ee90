import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { useShopPage, waitForHydration } from './support/shop-page.ts';
import { saveWizardForm } from './support/wizard-storage.ts';

// Issue 11 item 2 (ADR 009): the services screen, every wizard's step 1 and the
// cookie banner are in the server's HTML with their CSS inside it, so a phone
// paints them before the script arrives; the browser then hydrates that markup
// without a mismatch, also when the visitor's storage holds a saved form.

// A first visit each test: no stored choice, no saved form.
const shop = useShopPage({
  consent: 'ask',
  prepare: async (page, origin) => {
    await page.goto(`${origin}/app/about?store_id=14`);
    await page.evaluate(() => localStorage.clear());
    // Nothing of that page may still run (load a chunk, mirror a choice in the consent cookie).
    await page.goto('about:blank');
    await page.context().clearCookies();
  },
});

const FIRST_STEPS = [
  { path: '/app/nota-simple/step1?store_id=14', heading: 'Titular del inmueble', banner: 'Rechazar todo' },
  {
    path: '/app/q-propiedades/step1?store_id=14',
    heading: '¿A quién quieres buscar?',
    banner: 'Rechazar todo',
  },
  {
    path: '/app/certidao-permanente/step1?store_id=16',
    heading: 'Certidão Permanente do registo predial',
    banner: 'Rejeitar tudo',
  },
  {
    path: '/app/i-predial-simplificada/step1?store_id=16',
    heading: 'Informação Predial Simplificada',
    banner: 'Rejeitar tudo',
  },
] as const;

/** Console errors (React reports a hydration mismatch there) from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const hydrated = waitForHydration;

describe('server-rendered first paint (Chromium, real server)', () => {
  it.each(FIRST_STEPS)('$path: the step and the banner without JavaScript, styles inline', async (step) => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await browser.context.route('**/*.{js,css}', (route) => route.abort());
      await page.goto(`${shop.origin}${step.path}`);
      await page.getByRole('heading', { level: 1, name: step.heading }).waitFor();
      await page.getByRole('button', { name: step.banner }).waitFor();
      // The step's price is in the markup (no layout shift when it would arrive later).
      expect(await page.locator('main').textContent()).toMatch(/\d+,\d\d\s?€/);
      // Styled without a stylesheet request: the banner is fixed to the bottom.
      expect(await page.getByTestId('consent-banner').evaluate((el) => getComputedStyle(el).position)).toBe(
        'fixed',
      );
    } finally {
      await browser.close();
    }
  });

  it.each(FIRST_STEPS)(
    '$path hydrates without errors, the banner keyboard-operable and axe clean',
    async (step) => {
      const { page, origin } = shop;
      const errors = consoleErrors(page);
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await page.goto(`${origin}${step.path}`);
      await hydrated(page);
      // The CSS came inside the page: neither the page nor the route's chunk loader fetched it.
      expect(stylesheets).toEqual([]);
      await page.getByRole('heading', { level: 1, name: step.heading }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // After hydration the banner's buttons work from the keyboard.
      await page.getByRole('button', { name: step.banner }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    },
  );

  it('a choice made on the server markup before the scripts arrived survives the hydration', async () => {
    const { page, origin, context } = shop;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    try {
      // Module scripts hold DOMContentLoaded back: wait for the markup only.
      await page.goto(`${origin}/app/nota-simple/step1?store_id=14`, { waitUntil: 'commit' });
      await page.getByRole('radio', { name: 'Sí, lo conozco' }).check();
      release();
      await hydrated(page);
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('last_ns_form') ?? '{}').form))
        .toMatchObject({ conoce_nombre_propietario: true });
      expect(await page.getByRole('radio', { name: 'Sí, lo conozco' }).isChecked()).toBe(true);
      await page.getByRole('textbox', { name: /Nombre/ }).waitFor();
    } finally {
      release();
      await context.unroute('**/assets/*.js');
    }
  });

  it('a saved form replaces the blank one right after hydration, without a mismatch', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await saveWizardForm(page, 'last_ns_form', {
      conoce_nombre_propietario: true,
      nombre: 'Ana Pérez',
      step1: true,
    });
    const errors = consoleErrors(page);
    await page.goto(`${origin}/app/nota-simple/step1?store_id=14`);
    await hydrated(page);
    await expect.poll(() => page.getByRole('textbox', { name: /Nombre/ }).inputValue()).toBe('Ana Pérez');
    expect(errors).toEqual([]);
  });

  it('a visitor who already chose gets no banner from the server (the consent cookie), and hydrates', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await page.getByRole('button', { name: 'Rechazar todo' }).click();
    const cookie = (await shop.context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(cookie?.value).toBe('1.000');
    const html = await (
      await page.request.get(`${origin}/app/nota-simple/step1?store_id=14`, {
        headers: { cookie: `cookie_consent=${cookie?.value}` },
      })
    ).text();
    expect(html).toContain('Titular del inmueble');
    expect(html).not.toContain('consent-banner');
    const errors = consoleErrors(page);
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await hydrated(page);
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a choice stored before the consent cookie existed gets the cookie after hydration', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/about?store_id=14`);
    await page.evaluate(() =>
      localStorage.setItem(
        'cookie_consent',
        JSON.stringify({
          version: 1,
          at: 0,
          choice: { functionality: true, tracking: false, targeting: false },
        }),
      ),
    );
    const errors = consoleErrors(page);
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await hydrated(page);
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await shop.context.cookies()).find((c) => c.name === 'cookie_consent')?.value)
      .toBe('1.100');
    expect(errors).toEqual([]);
  });
});
