import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { saveCartForm } from './support/cart-forms.ts';
import { headerHeight, layoutProblems, MAX_HEADER_HEIGHT } from './support/layout-probe.ts';
import { useShopPage, waitForHydration } from './support/shop-page.ts';

// Issue 20 item 9's acceptance: a 360 px phone in Chromium against the real
// shop, in Spanish (store 14), Portuguese (16) and English (18). On the services
// screen, a wizard step, the cart, register (checkout's first page), the payment
// choice, a payment method's page and the orders page: the sticky header is at
// most 64 px high, no text is cut, wider than the screen or broken mid-word, a
// select shows its whole choice, and axe finds nothing.

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 740 });
  },
});

interface Store {
  id: number;
  language: string;
  services: string;
  wizardStep: string;
  register: string;
  next: string;
  payment: string;
  orders: string;
}

const STORES: Store[] = [
  {
    id: 14,
    language: 'es',
    services: '¿Qué servicio deseas?',
    wizardStep: '/app/nota-simple/step1',
    register: '¿A qué e-mail te enviamos el pedido?',
    next: 'Siguiente',
    payment: '¿Cómo quieres pagar?',
    orders: 'Mis pedidos',
  },
  {
    id: 16,
    language: 'pt',
    services: 'Que serviço deseja?',
    wizardStep: '/app/certidao-permanente/step1',
    register: 'Para que e-mail enviamos a encomenda?',
    next: 'Seguinte',
    payment: 'Como pretende pagar?',
    orders: 'As minhas encomendas',
  },
  {
    id: 18,
    language: 'en',
    services: 'Which service do you need?',
    wizardStep: '/app/product/step1/18506',
    register: 'Which e-mail address should we send your order to?',
    next: 'Next',
    payment: 'How would you like to pay?',
    orders: 'My orders',
  },
];

const h1 = (page: Page, name?: string) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

/** The screen as a phone shows it: header height, layout problems and axe violations, named by the screen. */
async function expectPhoneReady(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  expect.soft({ screen, header: await headerHeight(page) }).toEqual({
    screen,
    header: expect.toSatisfy((h: number) => h > 0 && h <= MAX_HEADER_HEIGHT),
  });
  expect.soft({ screen, problems: await layoutProblems(page) }).toEqual({ screen, problems: [] });
  expect.soft({ screen, axe: await axeViolations(page) }).toEqual({ screen, axe: [] });
}

let emails = 0;

describe('a 360 px phone (Chromium, real shop)', () => {
  it.each(STORES)(
    'store $id ($language): services, a wizard step, cart, register, payment, orders',
    async (store) => {
      const { page, origin } = shop;
      await page.goto(`${origin}/app/servicios?store_id=${store.id}`);
      await h1(page, store.services).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(store.language);
      await expectPhoneReady(page, `${store.language} services`);

      await page.goto(`${origin}${store.wizardStep}`);
      await h1(page).waitFor();
      await expectPhoneReady(page, `${store.language} wizard step`);

      await page.evaluate(() => {
        localStorage.removeItem('last_ns_form');
        sessionStorage.clear();
      });
      const add = await saveCartForm(page, store.id);
      await page.goto(`${origin}${add}`);
      await page.getByTestId('cart-total').waitFor();
      await page.goto(`${origin}/app/cart`);
      await page.getByTestId('cart-total').waitFor();
      await expectPhoneReady(page, `${store.language} cart`);

      await page.goto(`${origin}/app/customer/register`);
      await h1(page, store.register).waitFor();
      await expectPhoneReady(page, `${store.language} register`);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(`phone${Date.now()}${++emails}@example.es`);
      await page.getByRole('button', { name: store.next }).click();
      await h1(page, store.payment).waitFor();
      await expectPhoneReady(page, `${store.language} payment choice`);

      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: store.next }).click();
      await expect.poll(() => h1(page).textContent()).not.toBe(store.payment);
      await expectPhoneReady(page, `${store.language} payment method`);

      await page.goto(`${origin}/app/customer/orders`);
      await h1(page, store.orders).waitFor();
      await expectPhoneReady(page, `${store.language} orders`);
    },
  );
});

describe('a 360 px phone: leaving a wizard, an emptied cart (store 14)', () => {
  it('the logo asks before leaving a wizard, in an accessible dialog', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1(page, '¿Qué servicio deseas?').waitFor();
    await page.goto(`${origin}/app/nota-simple/step1`);
    await h1(page, 'Titular del inmueble').waitFor();
    await waitForHydration(page);
    await page.getByRole('link', { name: /página principal/ }).click();
    const dialog = page.getByRole('dialog', { name: '¿Salir del formulario?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Seguir con el formulario' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/nota-simple/step1');
    // Back on the form, the focus on the logo that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      /página principal/,
    );
    await page.getByRole('link', { name: /página principal/ }).click();
    await dialog.getByRole('button', { name: 'Salir', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/app/nota-simple'));
  });

  it('a payment page with an emptied cart offers no payment (no "Pagar 0 €")', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1(page, '¿Qué servicio deseas?').waitFor();
    await page.goto(`${origin}${await saveCartForm(page, 14)}`);
    await page.getByTestId('cart-total').waitFor();
    await page.goto(`${origin}/app/customer/register`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`vacio${Date.now()}@example.es`);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await h1(page, 'Pago con tarjeta').waitFor();
    expect(await page.getByRole('button', { name: /^Pagar 20,76/ }).count()).toBe(1);

    await page.goto(`${origin}/app/cart`);
    await page.getByRole('button', { name: 'Eliminar Nota Simple del pedido' }).click();
    await page.getByText('Tu pedido está vacío.').first().waitFor();
    await page.goto(`${origin}/app/payment/cc`);
    await page.getByText('Tu pedido está vacío: añade un servicio para continuar.').waitFor();
    expect(await page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
