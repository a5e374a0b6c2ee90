import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { CERTIDAO_FORM } from './support/cart-forms.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 20 items 1 and 7 in Chromium at 360px against the real server and its
// sandbox gateway: the order (lines and total with its split, collapsed behind
// a button on a phone) on register, the payment choice, the card page, the
// retry page, the Bizum page, the sandbox's Bizum and 3-D Secure pages and the
// Multibanco voucher; then the confirmation mail's link to the order's page,
// which shows the order's timeline.

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

let emails = 0;
const newEmail = () => `resumen${Date.now()}${++emails}@example.es`;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function addToCart(store: number, kind: 'ns' | 'certidao', key: string, form: object) {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/servicios?store_id=${store}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(() => localStorage.clear());
  await saveWizardForm(page, key, form);
  await page.goto(`${origin}/app/cart/add/${kind}`);
  await page.getByTestId('cart-total').waitFor();
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * The order panel on a phone: collapsed, its button names the total; Enter
 * (keyboard only) opens it and shows the lines and the split; axe in both states.
 */
async function expectCollapsedPanel(page: Page, name: string, total: string, line: string): Promise<Locator> {
  const panel = page.getByRole('region', { name });
  await panel.waitFor();
  const toggle = panel.getByRole('button', { name: new RegExp(`^${name}`) });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await toggle.textContent()).toContain(total);
  expect(await panel.getByRole('listitem').first().isVisible()).toBe(false);
  await expectNoAxeViolations(page);
  await toggle.focus();
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await panel.getByRole('listitem').filter({ hasText: line }).first().waitFor();
  expect(await panel.getByTestId('order-panel-total').textContent()).toBe(total);
  await expectNoAxeViolations(page);
  return panel;
}

async function mailText(to: string, subject: RegExp): Promise<string> {
  const html = await (await fetch(shop.mailViewer)).text();
  const rows = [...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/(\d+)">\d+<\/a><\/td>(.*?)<\/tr>/g)];
  const id = rows.find(([, , cells]) => (cells ?? '').includes(to) && subject.test(cells ?? ''))?.[1];
  if (!id) return '';
  return (await fetch(`${shop.mailViewer}/${id}`)).text();
}

const TOTAL = '20,76\u00a0€';

describe('the order on every screen (Chromium, 360px, real server)', () => {
  it('es: register, payment choice, card, retry, Bizum and the sandbox page show the order; the mail links to its timeline', async () => {
    const { page, origin } = shop;
    const email = newEmail();
    await addToCart(14, 'ns', 'last_ns_form', NS_FORM);
    await page.goto(`${origin}/app/customer/register`);
    await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
    const panel = await expectCollapsedPanel(page, 'Resumen de tu pedido', TOTAL, 'Nota Simple');
    expect(await panel.textContent()).toContain('Tasa oficial (suplido, sin IVA)10,91\u00a0€');
    expect(await panel.textContent()).toContain('IVA (21 %) del servicio');

    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    await expectCollapsedPanel(page, 'Resumen de tu pedido', TOTAL, 'Nota Simple');
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await heading(page, 'Pago con tarjeta').waitFor();
    await expectCollapsedPanel(page, 'Resumen de tu pedido', TOTAL, 'Nota Simple');
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4000 0000 0000 0002');
    await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();

    // The retry page: the order being paid again, from its summary (orderSummary/).
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    await page.waitForURL(/\/payment\/retry\/\d+/);
    const orderId = /\/payment\/retry\/(\d+)/.exec(page.url())?.[1] ?? '';
    await expectCollapsedPanel(page, 'Resumen de tu pedido', TOTAL, 'Nota Simple');
    await page.getByRole('radio', { name: 'Bizum' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await heading(page, 'Pago con Bizum').waitFor();
    await expectCollapsedPanel(page, 'Resumen de tu pedido', TOTAL, 'Nota Simple');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // The sandbox's Bizum page (the gateway's hand-off): the order too, in a native disclosure.
    await page.getByRole('textbox', { name: 'Teléfono móvil' }).waitFor();
    const summary = page.getByTestId('order-summary');
    expect(await summary.locator('summary').textContent()).toBe(`Resumen de tu pedido: ${TOTAL}`);
    expect(await summary.getByText('Nota Simple').isVisible()).toBe(false);
    await expectNoAxeViolations(page);
    await summary.locator('summary').focus();
    await page.keyboard.press('Enter');
    await summary.getByText('Nota Simple').waitFor();
    expect(await summary.textContent()).toContain('Tasa oficial (suplido, sin IVA)');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Teléfono móvil' }).fill('600 123 123');
    await page.getByRole('button', { name: 'He confirmado el pago' }).click();
    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();

    // The confirmation mail links to the order's page: the order alone, as a timeline.
    let text = '';
    await expect
      .poll(
        async () => {
          text = await mailText(email, /Confirmación/);
          return text;
        },
        { timeout: 30_000 },
      )
      .toContain(`/app/customer/orders/${orderId}?store_id=14`);
    expect(text).toContain('Sigue tu pedido en cualquier momento:');
    await page.goto(`${origin}/app/customer/orders/${orderId}?store_id=14`);
    await heading(page, 'Mis pedidos').waitFor();
    const article = page.getByRole('article', { name: `Pedido ${orderId}` });
    await article.waitFor();
    const timeline = article.getByTestId('order-timeline');
    await timeline.getByRole('heading', { name: 'Seguimiento del pedido' }).waitFor();
    const events = await timeline.getByRole('listitem').allTextContents();
    expect(events[0]).toMatch(/^Pedido recibido \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(events[1]).toMatch(/^Pago confirmado \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(await page.getByRole('article').count()).toBe(1);
    // One reorder per order.
    expect(await article.getByText(/Volver a pedir|Solicitar de nuevo/).count()).toBe(1);
    await expectNoAxeViolations(page);
  });

  it('es: the 3-D Secure challenge page shows the order', async () => {
    const { page, origin } = shop;
    await addToCart(14, 'ns', 'last_ns_form', NS_FORM);
    await page.goto(`${origin}/app/customer/register`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(newEmail());
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await heading(page, 'Pago con tarjeta').waitFor();
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4000 0027 6000 3184');
    await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page.getByRole('button', { name: 'Autorizar' }).waitFor();
    expect(await page.getByTestId('order-summary').locator('summary').textContent()).toBe(
      `Resumen de tu pedido: ${TOTAL}`,
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Autorizar' }).click();
    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
  });

  it('pt: register, the payment choice and the Multibanco voucher show the order in Portuguese', async () => {
    const { page } = shop;
    await addToCart(16, 'certidao', 'last_certidao_form', CERTIDAO_FORM);
    await page.goto(`${shop.origin}/app/customer/register`);
    await heading(page, 'Para que e-mail enviamos a encomenda?').waitFor();
    const panel = await expectCollapsedPanel(page, 'Resumo da sua encomenda', '24,70\u00a0€', 'Certidão');
    expect(await panel.textContent()).toContain('IVA (23 %)');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(newEmail());
    await page.getByRole('button', { name: 'Seguinte' }).click();
    await heading(page, 'Como pretende pagar?').waitFor();
    await expectCollapsedPanel(page, 'Resumo da sua encomenda', '24,70\u00a0€', 'Certidão');
    await page.getByRole('radio', { name: 'Multibanco' }).check();
    await page.getByRole('button', { name: 'Seguinte' }).click();
    await heading(page, 'Pagamento por Multibanco').waitFor();
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await heading(page, 'Dados para pagamento por Multibanco').waitFor();
    await expectCollapsedPanel(page, 'Resumo da sua encomenda', '24,70\u00a0€', 'Certidão');
  });
});
