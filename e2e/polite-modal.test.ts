import { describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';

// Spec 2 "Polite modal": when the server refuses an add for a business reason
// (here: the session's store changed in another tab to one that does not sell
// Nota Simple), the answer is `ok: false` with an HTML message, and the page shows
// it in a modal with the support phone. Chromium against the real server.

const shop = useShopPage();
const h1 = (name: string) => shop.page.getByRole('heading', { level: 1, name });
const next = () => shop.page.getByRole('button', { name: 'Siguiente' }).click();

describe('the polite modal (Chromium, real server)', () => {
  it('opens with the server’s message and the support phone when an add is refused', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1('¿Qué servicio deseas?').waitFor();
    await page.evaluate(() => localStorage.clear());

    await page.goto(`${origin}/app/nota-simple/step1?store_id=14`);
    await h1('Titular del inmueble').waitFor();
    await page.getByRole('radio', { name: 'No, no lo conozco' }).check();
    await next();
    await page.getByRole('textbox', { name: 'Dirección del inmueble' }).fill('Calle Real 5');
    await next();
    const municipality = page.getByRole('combobox', { name: 'Municipio' });
    await municipality.fill('Rozas');
    await page.getByRole('option', { name: 'Las Rozas de Madrid (Madrid)' }).click();
    await next();
    await h1('Otros datos del Registro').waitFor();
    await next();
    await h1('Plazo de entrega').waitFor();
    await next();
    await h1('¿Quién solicita la nota simple?').waitFor();
    await page.getByRole('textbox', { name: 'Tu nombre y apellidos o razón social' }).fill('Pedro Ruiz');
    await page.getByRole('textbox', { name: 'Tu DNI, NIE o CIF' }).fill('12345678Z');
    await page
      .getByRole('combobox', { name: 'Interés legítimo' })
      .selectOption('Compra o alquiler del inmueble');
    await next();
    await h1('Revisa tu Nota Simple').waitFor();

    // Another tab of the same browser switches the session to store 16 (Portuguese), which does not sell Nota Simple
    // (refused on the Portuguese stores only: spec 4).
    const other = await shop.context.newPage();
    await other.goto(`${origin}/app/servicios?store_id=16`);
    await other.close();

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/desktopapp/rest/addns')),
      page.getByRole('button', { name: 'Añadir al pedido' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { ok: boolean; message: string };
    expect(body.ok).toBe(false);

    const modal = page.getByRole('dialog');
    await modal.waitFor();
    // The server answers in the session's store language (Portuguese now).
    expect(await modal.textContent()).toMatch(/Nota Simple (no está disponible en|não está disponível em)/);
    const phone = await page.evaluate(() => {
      const config = JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as {
        phone: string;
      };
      return config.phone;
    });
    await modal.getByRole('link', { name: phone }).waitFor();
    expect(await modal.getByText(/¿Necesitas ayuda\? Llama a/).count()).toBe(1);
    // Nothing went into the cart.
    expect(await page.getByTestId('cart-total').count()).toBe(0);
    await modal.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect.poll(() => modal.count()).toBe(0);
  });
});
