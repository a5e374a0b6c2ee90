import type { Page, Route } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useShopPage, waitForHydration } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Spec 9 cookie consent and analytics (ADR 008). The analytics host is
// intercepted in the browser: the test needs no internet, and counts what the
// page asks of it.

const ANALYTICS = 'https://www.googletagmanager.com/**';
const shop = useShopPage({ env: () => ({ ANALYTICS_ID: 'G-TEST12345' }), consent: 'ask' });
const h1 = (name: string) => shop.page.getByRole('heading', { level: 1, name });

let analyticsRequests: string[] = [];
let answer: (route: Route) => Promise<void> = (route) =>
  route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag */' });

beforeEach(async () => {
  analyticsRequests = [];
  await shop.context.route(ANALYTICS, async (route) => {
    analyticsRequests.push(route.request().url());
    await answer(route);
  });
});
afterEach(async () => {
  await shop.context.unroute(ANALYTICS);
  answer = (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag */' });
});

/** window.dataLayer as arrays (gtag queues Arguments objects). */
function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
      Array.from(entry),
    ),
  );
}
const events = (layer: unknown[][], name: string) => layer.filter((e) => e[0] === 'event' && e[1] === name);

async function freshVisitor() {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/servicios?store_id=14`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${origin}/app/servicios?store_id=14`);
  await h1('¿Qué servicio deseas?').waitFor();
  await page.getByTestId('consent-banner').waitFor();
  await waitForHydration(page);
}

describe('cookie consent and analytics (Chromium, real server, analytics host intercepted)', () => {
  it('before consent: no analytics script, only the session cookie, no storage; defaults denied', async () => {
    await freshVisitor();
    const { page } = shop;
    await page.waitForTimeout(800);
    expect(analyticsRequests).toEqual([]);
    const cookies = await shop.context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(['sid']);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    const layer = await dataLayer(page);
    expect(layer[0]?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(layer[0]?.[2]).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      wait_for_update: 500,
    });
    expect(events(layer, 'page_view')).toEqual([]);
    // 'Reject all' is as easy as 'Accept all': the same size, on the same screen.
    const reject = await page.getByRole('button', { name: 'Rechazar todo' }).boundingBox();
    const accept = await page.getByRole('button', { name: 'Aceptar todo' }).boundingBox();
    expect(reject && accept && [Math.round(reject.width), Math.round(reject.height)]).toEqual(
      accept && [Math.round(accept.width), Math.round(accept.height)],
    );
  });

  it("after 'accept all' (keyboard): the tag loads, the dataLayer gets the consent update and page views", async () => {
    await freshVisitor();
    const { page } = shop;
    const accept = page.getByRole('button', { name: 'Aceptar todo' });
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => analyticsRequests.length).toBe(1);
    expect(analyticsRequests[0]).toContain('/gtag/js?id=G-TEST12345');
    await expect.poll(() => page.getByTestId('consent-banner').count()).toBe(0);
    let layer = await dataLayer(page);
    const update = layer.find((e) => e[0] === 'consent' && e[1] === 'update');
    expect(update?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' });
    expect(events(layer, 'page_view')).toHaveLength(1);
    const config = layer.find((e) => e[0] === 'config');
    const pseudo = await page.evaluate(() => localStorage.getItem('pseudoUserId'));
    expect(pseudo).toMatch(/^[0-9a-f-]{36}$/);
    expect(config?.[2]).toMatchObject({ send_page_view: false, user_id: pseudo });

    await page.getByRole('link', { name: 'Solicitar Nota Simple' }).click();
    await h1('Titular del inmueble').waitFor();
    layer = await dataLayer(page);
    const views = events(layer, 'page_view');
    expect(views).toHaveLength(2);
    expect(views[1]?.[2]).toMatchObject({ page_path: '/app/nota-simple/step1' });

    // The choice is kept: after a reload no banner, the tag loads again at once.
    await page.reload();
    await h1('Titular del inmueble').waitFor();
    await expect.poll(() => analyticsRequests.length).toBe(2);
    expect(await page.getByTestId('consent-banner').count()).toBe(0);
  });

  it("after 'reject all' nothing is loaded and no page view is queued; the footer link changes the choice", async () => {
    await freshVisitor();
    const { page } = shop;
    await page.getByRole('button', { name: 'Rechazar todo' }).click();
    await expect.poll(() => page.getByTestId('consent-banner').count()).toBe(0);
    await page.getByRole('link', { name: 'Solicitar Nota Simple' }).click();
    await h1('Titular del inmueble').waitFor();
    await page.waitForTimeout(500);
    expect(analyticsRequests).toEqual([]);
    const layer = await dataLayer(page);
    expect(events(layer, 'page_view')).toEqual([]);
    expect(layer.find((e) => e[0] === 'consent' && e[1] === 'update')?.[2]).toMatchObject({
      analytics_storage: 'denied',
    });
    expect(await page.evaluate(() => localStorage.getItem('pseudoUserId'))).toBeNull();

    // Changing one's mind from the footer: the settings dialog, measurement only.
    await page.getByRole('button', { name: 'Configuración de cookies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'Medición' }).check();
    await dialog.getByRole('button', { name: 'Guardar mi elección' }).click();
    await expect.poll(() => analyticsRequests.length).toBe(1);
    const updates = (await dataLayer(page)).filter((e) => e[0] === 'consent' && e[1] === 'update');
    expect(updates.at(-1)?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
  });

  it('with the analytics host unreachable the shop works the same', async () => {
    answer = (route) => route.abort('connectionrefused');
    await freshVisitor();
    const { page } = shop;
    await page.getByRole('button', { name: 'Aceptar todo' }).click();
    await expect.poll(() => analyticsRequests.length).toBe(1);
    await page.getByRole('link', { name: 'Solicitar Nota Simple' }).click();
    await h1('Titular del inmueble').waitFor();
    await page.getByRole('radio', { name: 'No, no lo conozco' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('textbox', { name: 'Dirección del inmueble' }).waitFor();
  });

  it('the banner passes axe', async () => {
    await freshVisitor();
    expect(await axeViolations(shop.page)).toEqual([]);
  });

  it('a purchase pushes exactly one purchase event, even after reloading the success page', async () => {
    const { page, origin } = shop;
    await freshVisitor();
    await page.getByRole('button', { name: 'Aceptar todo' }).click();
    await expect.poll(() => analyticsRequests.length).toBe(1);
    await saveWizardForm(page, 'last_ns_form', { ...NS_FORM, direccion: 'Calle Mayor 1' });
    await page.goto(`${origin}/app/cart/add/ns`);
    await page.getByTestId('cart-total').waitFor();
    await page.getByRole('button', { name: /artículos? en tu pedido/ }).click();
    await page.getByRole('link', { name: 'Tramitar pedido' }).click();
    await h1('¿A qué e-mail te enviamos el pedido?').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`analytics${Date.now()}@example.es`);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await h1('¿Cómo quieres pagar?').waitFor();
    await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await h1('Pago con tarjeta').waitFor();
    await page.getByRole('textbox', { name: 'Número de tarjeta' }).fill('4242 4242 4242 4242');
    await page.getByRole('combobox', { name: 'Mes' }).selectOption('3');
    await page.getByRole('textbox', { name: 'Año' }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: 'Código de seguridad (CVC)' }).fill('123');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await h1('¡Gracias! Hemos recibido tu pedido').waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    await expect.poll(async () => events(await dataLayer(page), 'purchase').length).toBe(1);
    const [purchase] = events(await dataLayer(page), 'purchase');
    expect(purchase?.[2]).toMatchObject({
      transaction_id: orderId,
      currency: 'EUR',
      value: 20.76,
      items: [{ item_id: '15867', price: 20.76 }],
    });
    expect(await page.evaluate((id) => localStorage.getItem(`purchase${id}`), orderId)).not.toBeNull();

    await page.reload();
    await h1('¡Gracias! Hemos recibido tu pedido').waitFor();
    await expect.poll(async () => events(await dataLayer(page), 'page_view').length).toBe(1);
    await page.waitForTimeout(500);
    expect(events(await dataLayer(page), 'purchase')).toEqual([]);
  });
});
