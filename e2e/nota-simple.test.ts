import { describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';

// The Nota Simple wizard on store 14 in Chromium at 360px against the real
// server (the 8,132 INE municipalities behind registros.php), up to the cart.

const shop = useShopPage();

const h1 = (name: string) => shop.page.getByRole('heading', { level: 1, name });
const next = () => shop.page.getByRole('button', { name: 'Siguiente' }).click();
const path = () => {
  const url = new URL(shop.page.url());
  return url.pathname + url.search;
};

/** A clean visitor on store 14 (no saved form). */
async function freshVisitor() {
  await shop.page.goto(`${shop.origin}/app/servicios?store_id=14`);
  await h1('¿Qué servicio deseas?').waitFor();
  await shop.page.evaluate(() => localStorage.clear());
}

/** step3 with the municipality picked from the autocomplete. */
async function pickLasRozas() {
  const municipality = shop.page.getByRole('combobox', { name: 'Municipio' });
  await municipality.fill('Rozas');
  await shop.page.getByRole('option', { name: 'Las Rozas de Madrid (Madrid)' }).click();
  expect(await municipality.inputValue()).toBe('Las Rozas de Madrid');
  expect(await shop.page.getByRole('textbox', { name: 'Provincia' }).inputValue()).toBe('Madrid');
}

describe('Nota Simple on store 14 (Chromium, 360px, real server)', () => {
  it('a visitor goes from the intro price to the cart at 20,76', async () => {
    await freshVisitor();
    await shop.page.goto(`${shop.origin}/app/nota-simple/step0?store_id=14`);
    await h1('Nota Simple del Registro de la Propiedad').waitFor();
    // The all-in price and its split before the first question.
    await shop.page.getByText('Tasa oficial (suplido, sin IVA)').waitFor();
    expect(await shop.page.getByText(/^Precio total:/).textContent()).toContain('20,76\u00a0€');
    expect(await shop.page.locator('dl').first().textContent()).toContain('10,91\u00a0€');
    await shop.page.getByRole('button', { name: 'Empezar' }).click();

    await h1('Titular del inmueble').waitFor();
    expect(path()).toBe('/app/nota-simple/step1?store_id=14');
    await shop.page.getByRole('radio', { name: 'Sí, lo conozco' }).check();
    await shop.page
      .getByRole('textbox', { name: 'Nombre y apellidos o razón social del titular' })
      .fill('Ana Pérez García');
    await next();

    await h1('Dirección del inmueble').waitFor();
    await shop.page.getByRole('textbox', { name: 'Dirección del inmueble' }).fill('Calle Real 5, 2º B');
    await next();

    await h1('Municipio del inmueble').waitFor();
    await pickLasRozas();
    await next();

    await h1('Otros datos del Registro').waitFor();
    await shop.page.getByRole('textbox', { name: 'Datos registrales (opcional)' }).fill('Finca 1234');
    await next();

    await h1('Plazo de entrega').waitFor();
    expect(
      await shop.page.getByRole('radio', { name: 'Estándar: en 1 o 2 días laborables' }).isChecked(),
    ).toBe(true);
    await next();

    await h1('¿Quién solicita la nota simple?').waitFor();
    await shop.page.getByRole('textbox', { name: 'Tu nombre y apellidos o razón social' }).fill('Pedro Ruiz');
    await shop.page.getByRole('textbox', { name: 'Tu DNI, NIE o CIF' }).fill('12345678Z');
    await shop.page
      .getByRole('combobox', { name: 'Interés legítimo' })
      .selectOption('Compra o alquiler del inmueble');
    await next();

    await h1('Revisa tu Nota Simple').waitFor();
    const summary = await shop.page.locator('main').textContent();
    expect(summary).toContain('Ana Pérez García');
    expect(summary).toContain('Las Rozas de Madrid (Madrid)');
    expect(summary).toContain('Recibir hoy antes de 4 horas laborables');
    await shop.page.getByRole('button', { name: 'Añadir al pedido' }).click();

    await h1('Este es tu pedido:').waitFor();
    expect(new URL(shop.page.url()).pathname).toBe('/app/cart/add/ns');
    await shop.page.getByText('Se ha añadido Nota Simple a tu pedido.').waitFor();
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('20,76\u00a0€');
    const item = await shop.page.getByRole('main').getByRole('listitem').first().textContent();
    expect(item).toContain('Las Rozas de Madrid');
    // Nothing is wider than the 360px viewport.
    expect(await shop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The same item, edited in its dialog: the server re-validates and re-prices it.
    const main = shop.page.getByRole('main');
    await main.getByRole('button', { name: 'Editar Nota Simple' }).click();
    const dialog = shop.page.getByRole('dialog', { name: 'Modificar pedido' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Dirección del inmueble' }).fill('Calle Real 7, 1º A');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await main.getByText('Dirección del inmueble: Calle Real 7, 1º A').waitFor();
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('20,76\u00a0€');

    // ...and removed: the cart is empty and the header's cart menu goes away.
    await main.getByRole('button', { name: 'Eliminar Nota Simple del pedido' }).click();
    await main.getByText('Tu pedido está vacío.').waitFor();
    await expect
      .poll(() => shop.page.getByRole('button', { name: /artículos? en tu pedido/ }).count())
      .toBe(0);
  });

  it('step4 opened directly lands on step1 with the query kept', async () => {
    await freshVisitor();
    await shop.page.goto(`${shop.origin}/app/nota-simple/step4?store_id=14&utm_source=mail`);
    await h1('Titular del inmueble').waitFor();
    expect(path()).toBe('/app/nota-simple/step1?store_id=14&utm_source=mail');
  });

  it('store 16 refuses the flow: services', async () => {
    await shop.page.goto(`${shop.origin}/app/nota-simple/step1?store_id=16`);
    await h1('Que serviço deseja?').waitFor();
    expect(path()).toBe('/app/servicios?store_id=16');
  });

  it('a reload at step3 keeps what was typed', async () => {
    await freshVisitor();
    await shop.page.goto(`${shop.origin}/app/nota-simple/step1?store_id=14`);
    await h1('Titular del inmueble').waitFor();
    await shop.page.getByRole('radio', { name: 'No, no lo conozco' }).check();
    await next();
    await shop.page.getByRole('textbox', { name: 'Dirección del inmueble' }).fill('Avenida de España 12');
    await next();
    await h1('Municipio del inmueble').waitFor();
    await pickLasRozas();
    await shop.page.reload();
    await h1('Municipio del inmueble').waitFor();
    expect(path()).toBe('/app/nota-simple/step3?store_id=14');
    expect(await shop.page.getByRole('combobox', { name: 'Municipio' }).inputValue()).toBe(
      'Las Rozas de Madrid',
    );
    expect(await shop.page.getByRole('textbox', { name: 'Provincia' }).inputValue()).toBe('Madrid');
    await shop.page.getByRole('button', { name: 'Atrás' }).click();
    await h1('Dirección del inmueble').waitFor();
    expect(await shop.page.getByRole('textbox', { name: 'Dirección del inmueble' }).inputValue()).toBe(
      'Avenida de España 12',
    );
  });
});
