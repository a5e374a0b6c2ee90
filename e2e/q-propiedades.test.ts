import { describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';

// Conocer propiedades on store 9 in Chromium at 360px against the real server, up to the cart.

const shop = useShopPage();

const h1 = (name: string) => shop.page.getByRole('heading', { level: 1, name });
const next = () => shop.page.getByRole('button', { name: 'Siguiente' }).click();

describe('Conocer propiedades on store 9 (Chromium, 360px, real server)', () => {
  it('a person search with a checked DNI and a live maximum price reaches the cart', async () => {
    await shop.page.goto(`${shop.origin}/app/servicios?store_id=9`);
    await h1('¿Qué servicio deseas?').waitFor();
    await shop.page.evaluate(() => localStorage.clear());
    await shop.page.goto(`${shop.origin}/app/q-propiedades/step1?store_id=9`);
    await h1('¿A quién quieres buscar?').waitFor();
    expect(await shop.page.getByText('por propiedad localizada').textContent()).toBe(
      '12\u00a0€ + 20,76\u00a0€ por propiedad localizada',
    );
    await shop.page.getByRole('radio', { name: 'Una persona' }).check();
    await next();
    await shop.page.getByRole('textbox', { name: 'Nombre y apellidos' }).fill('Ana García López');
    await next();
    const dni = shop.page.getByRole('textbox', { name: 'DNI o NIE' });
    await dni.fill('12345678A');
    await next();
    expect(await shop.page.getByRole('alert').textContent()).toBe('El NIF no es válido');
    expect(await dni.getAttribute('aria-invalid')).toBe('true');
    await dni.fill('12345678Z');
    await next();
    await h1('¿Cuántas propiedades quieres localizar?').waitFor();
    await shop.page.getByRole('radio', { name: 'Hasta 3 propiedades' }).check();
    await shop.page.getByText('Como máximo 74,28\u00a0€ si localizamos 3 propiedades').waitFor();
    await next();
    await shop.page.getByRole('textbox', { name: 'Tu nombre y apellidos o razón social' }).fill('Pedro Ruiz');
    await shop.page.getByRole('textbox', { name: 'Tu DNI, NIE o CIF' }).fill('X1234567L');
    await next();
    await shop.page.getByRole('combobox', { name: 'Interés legítimo' }).selectOption('Herencia');
    await next();
    await h1('Revisa tu búsqueda').waitFor();
    await shop.page.getByRole('button', { name: 'Añadir al pedido' }).click();
    await h1('Este es tu pedido:').waitFor();
    expect(new URL(shop.page.url()).pathname).toBe('/app/cart/add/qpropiedades');
    await shop.page.getByTestId('cart-total').waitFor();
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('12\u00a0€');
    expect(await shop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('store 26 refuses the flow', async () => {
    await shop.page.goto(`${shop.origin}/app/q-propiedades/step3?store_id=26`);
    await h1('Que serviço deseja?').waitFor();
    expect(new URL(shop.page.url()).pathname).toBe('/app/servicios');
  });
});
