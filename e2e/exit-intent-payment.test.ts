import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveCartForm } from './support/cart-forms.ts';
import { useShopPage, waitForHydration } from './support/shop-page.ts';

// Spec 2 "Exit-intent dialog" on the payment choice (/app/customer/payment):
// the page's own text (exitIntent.paymentChoice), not the generic one, in
// Spanish (store 14), Portuguese (16) and English (18), on a 360 px wide page.

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 740 });
  },
});

const CASES = [
  {
    id: 14,
    language: 'es',
    register: '¿A qué e-mail te enviamos el pedido?',
    next: 'Siguiente',
    payment: '¿Cómo quieres pagar?',
    title: '¿Necesitas ayuda?',
    text: 'Elige la forma de pago que prefieras: tu pedido queda guardado y no se cobra nada hasta que confirmes el pago.',
    close: 'Continuar',
  },
  {
    id: 16,
    language: 'pt',
    register: 'Para que e-mail enviamos a encomenda?',
    next: 'Seguinte',
    payment: 'Como pretende pagar?',
    title: 'Precisa de ajuda?',
    text: 'Escolha a forma de pagamento que preferir: a sua encomenda fica guardada e nada é cobrado até confirmar o pagamento.',
    close: 'Continuar',
  },
  {
    id: 18,
    language: 'en',
    register: 'Which e-mail address should we send your order to?',
    next: 'Next',
    payment: 'How would you like to pay?',
    title: 'Need a hand?',
    text: 'Choose the payment method you prefer: your order is saved and nothing is charged until you confirm the payment.',
    close: 'Continue',
  },
];

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A real mouse: into the page, then out through the top edge (towards the tabs). */
async function leaveThroughTheTop(page: Page) {
  await page.mouse.move(180, 300);
  await page.mouse.move(180, 5, { steps: 5 });
  await page.mouse.move(180, -20);
}

let emails = 0;

describe('exit-intent on the payment choice (Chromium, 360 px, real server)', () => {
  it.each(CASES)('store $id ($language): the payment choice’s own text', async (store) => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=${store.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const add = await saveCartForm(page, store.id);
    await page.goto(`${origin}${add}`);
    await page.getByTestId('cart-total').waitFor();
    await page.goto(`${origin}/app/customer/register`);
    await h1(page, store.register).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`exit${Date.now()}${++emails}@example.es`);
    await page.getByRole('button', { name: store.next }).click();
    await h1(page, store.payment).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/customer/payment');
    await waitForHydration(page);

    await leaveThroughTheTop(page);
    const dialog = page.getByRole('dialog', { name: store.title });
    await dialog.waitFor();
    const text = await dialog.getByTestId('exit-intent-text').textContent();
    expect(text).toContain(store.text);
    await dialog.getByRole('button', { name: store.close, exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Still on the payment choice, the order kept.
    await h1(page, store.payment).waitFor();
  });
});
