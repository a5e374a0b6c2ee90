import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { mailsTo, mailText } from './support/mail-viewer.ts';
import { expectPortugueseStep } from './support/portuguese.ts';
import { useShopPage } from './support/shop-page.ts';
import { saveWizardForm } from './support/wizard-storage.ts';

// Issue 21 item 2 on a Portuguese store (ADR 034), at 360 px: the promise the
// Informação Predial Simplificada's step shows for a freguesia of Porto (the
// seeded example conservatória, 09:00-16:00, 5 working hours) is the
// confirmation's, the cart's, the success page's, the orders page's and the
// confirmation mail's, in Portuguese.

const shop = useShopPage({
  prepare: async (page, origin) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${origin}/app/servicios?store_id=16`);
    await page.evaluate(() => localStorage.clear());
  },
});

/** The simplified report's form with steps 1 to 3 answered, as the wizard keeps it. */
const IPREDIAL_FORM = {
  quiere_un_predial: true,
  distrito_concelho_freguesia: 'Porto / Porto / Bonfim',
  prop_horizontal: false,
  prop_horizontal_fracao: '',
  tiene_numero: true,
  num_ficha: '1234',
  urgente: false,
  step1: true,
  step2: true,
  step3: true,
};

const PROMISE = /^Receba-a (hoje|amanhã|.+,) até às \d\d:\d\d$/;

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('the delivery promise on a Portuguese store (Chromium, real shop, sandbox card, 360 px)', () => {
  it('the step, the confirmation, the cart, the success page, the orders page and the mail say the same promise', async () => {
    const { page, origin } = shop;
    await saveWizardForm(page, 'last_ipredial_form', IPREDIAL_FORM);

    // The product step: each service reads the conservatória's promise, not the default copy.
    await page.goto(`${origin}/app/i-predial-simplificada/step4?store_id=16`);
    await expectPortugueseStep(page, 'Quando precisa da informação?');
    const urgent = page.getByRole('radio', { name: /^Urgente/ });
    const urgentLabel = page.locator('label', { has: urgent });
    await expect.poll(() => urgentLabel.textContent(), { timeout: 15_000 }).toContain('Receba-a');
    const promise = /(Receba-a .+?) · mais/.exec((await urgentLabel.textContent()) ?? '')?.[1] ?? '';
    expect(promise).toMatch(PROMISE);
    expect(await urgentLabel.textContent()).not.toContain('4 horas úteis');
    const normalLabel = page.locator('label', { has: page.getByRole('radio', { name: /^Normal/ }) });
    expect(await normalLabel.textContent()).toMatch(/Receba-a .+ até às \d\d:\d\d · 11\u00a0€/);
    await expectNoAxeViolations(page);
    await urgent.check();
    await page.getByRole('button', { name: 'Seguinte', exact: true }).click();

    // The confirmation says the same, in its lead and in the summary, and adds it to the order.
    await expectPortugueseStep(page, 'Confirmar o pedido');
    await page.getByText(`Entrega: ${promise}. Enviamo-la por e-mail em PDF.`).waitFor();
    expect(await page.getByRole('main').locator('dl').first().textContent()).toContain(`Urgente: ${promise}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Adicionar à encomenda', exact: true }).click();

    // The cart.
    await page.getByTestId('cart-total').waitFor();
    await expect.poll(() => page.getByTestId('delivery-promise').first().textContent()).toBe(promise);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // Checkout with a card: the success page.
    await page.goto(`${origin}/app/customer/register`);
    await page.getByRole('heading', { level: 1, name: 'Para que e-mail enviamos a encomenda?' }).waitFor();
    const email = `promessa${Date.now()}@example.pt`;
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Seguinte' }).click();
    await page.getByRole('radio', { name: 'Cartão de crédito ou débito' }).check();
    await page.getByRole('button', { name: 'Seguinte' }).click();
    await page.getByRole('textbox', { name: 'Número do cartão' }).fill('4242 4242 4242 4242');
    await page.getByRole('combobox', { name: 'Mês' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Ano' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de segurança (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByRole('heading', { level: 1, name: 'Obrigado! Recebemos a sua encomenda' }).waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(orderId).not.toBe('');
    await expect.poll(() => page.getByTestId('delivery-promise').textContent()).toBe(promise);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // The orders page.
    await page.goto(`${origin}/app/customer/orders`);
    await page.getByRole('heading', { level: 1, name: 'As minhas encomendas' }).waitFor();
    const order = page.getByRole('main').locator('article').filter({ hasText: orderId });
    await expect.poll(() => order.getByTestId('delivery-promise').textContent()).toBe(promise);
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // The confirmation mail (the one with the invoice attached).
    await expect
      .poll(async () => (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0).length, {
        timeout: 60_000,
      })
      .toBe(1);
    const [mail] = (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0);
    expect(await mailText(shop.mailViewer, mail?.id ?? '')).toContain(promise);
  });
});
