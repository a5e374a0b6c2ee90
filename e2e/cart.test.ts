import { describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';
import { answer, NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// The cart on store 14 in Chromium at 360px against the real server: a Nota
// Simple posted through cart/add/ns from the wizard's saved form, shown in the
// cart list and the header menu at 20,76 €, edited in its dialog, removed.

const shop = useShopPage();

/** The wizard's saved form, as the Nota Simple wizard leaves it in localStorage before cart/add/ns. */
async function seedNotaSimple() {
  await shop.page.goto(`${shop.origin}/app/servicios?store_id=14`);
  await shop.page.getByRole('heading', { level: 1, name: '¿Qué servicio deseas?' }).waitFor();
  await shop.page.evaluate(() => localStorage.clear());
  await saveWizardForm(shop.page, 'last_ns_form', NS_FORM);
}

const cartHeading = () => shop.page.getByRole('heading', { level: 1, name: 'Este es tu pedido:' });
const main = () => shop.page.getByRole('main');
const cartButton = () => shop.page.getByRole('button', { name: /artículos? en tu pedido/ });

describe('cart on store 14 (Chromium, 360px, real server)', () => {
  it('adds a Nota Simple through cart/add/ns, lists it at 20,76 in the list and the header menu', async () => {
    await seedNotaSimple();
    await shop.page.goto(`${shop.origin}/app/cart/add/ns`);
    await cartHeading().waitFor();
    await main().getByText('Se ha añadido Nota Simple a tu pedido.').waitFor();
    const item = main()
      .getByRole('listitem')
      .filter({ has: shop.page.getByRole('heading', { name: 'Nota Simple' }) });
    expect(await item.textContent()).toContain('20,76\u00a0€');
    expect(await item.textContent()).toContain('Dirección del inmueble: Calle Mayor 1, 2º B');
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('20,76\u00a0€');

    // A reload of the add route does not add it twice.
    await shop.page.reload();
    await cartHeading().waitFor();
    await expect.poll(() => main().getByRole('heading', { level: 2 }).count()).toBe(1);

    // The header menu: the button names the count; the list shows the item and its price.
    await cartButton().click();
    const menu = shop.page.getByRole('region', { name: 'Tu pedido', exact: true });
    await menu.waitFor();
    expect(await menu.textContent()).toContain('Nota Simple');
    expect(await menu.textContent()).toContain('20,76\u00a0€');
    expect(await menu.getByRole('link', { name: 'Tramitar pedido' }).getAttribute('href')).toBe(
      '/app/customer/register',
    );
    await shop.page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });

  it('edits the Nota Simple in its dialog (400px, full width at 360px) and removes it', async () => {
    await seedNotaSimple();
    await shop.page.goto(`${shop.origin}/app/cart/add/ns`);
    await cartHeading().waitFor();
    const edit = main().getByRole('button', { name: 'Editar Nota Simple' });
    await edit.click();
    const dialog = shop.page.getByRole('dialog', { name: 'Modificar pedido' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(400);
    expect(box?.width).toBeGreaterThan(300);
    // Focus starts in the dialog; Escape closes it and focus returns to 'Editar'.
    expect(await shop.page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await shop.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);

    await edit.click();
    await dialog.waitFor();
    // The dialog opens with exactly what the wizard sent (the item's stored form).
    expect(await dialog.getByRole('textbox', { name: /^Titular del inmueble/ }).inputValue()).toBe(
      'Ana Pérez García',
    );
    expect(await dialog.getByRole('combobox', { name: /^Municipio/ }).inputValue()).toBe('Madrid');
    const address = dialog.getByRole('textbox', { name: 'Dirección del inmueble' });
    expect(await address.inputValue()).toBe('Calle Mayor 1, 2º B');
    await address.fill('Calle Alcalá 20');
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await main().getByText('Dirección del inmueble: Calle Alcalá 20').waitFor();
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('20,76\u00a0€');

    // Removed from the header menu: the menu goes with the last item.
    await cartButton().click();
    await shop.page
      .getByRole('region', { name: 'Tu pedido', exact: true })
      .getByRole('button', { name: 'Eliminar Nota Simple del pedido' })
      .click();
    await expect.poll(() => cartButton().count()).toBe(0);
    await main().getByText('Tu pedido está vacío.').waitFor();
  });

  it('a generic item opens its edit dialog with what was sent: answers, confirmation answer, related product', async () => {
    await shop.page.goto(`${shop.origin}/app/servicios?store_id=14`);
    await shop.page.getByRole('heading', { level: 1, name: '¿Qué servicio deseas?' }).waitFor();
    const value = (optionId: number, type: string, v: string) => answer(18458, optionId, type, v);
    await shop.page.evaluate(() => sessionStorage.clear());
    await saveWizardForm(
      shop.page,
      'last_generic_form',
      {
        product_id: 18458,
        values: [
          value(2301, 'drop_down', '6301'),
          value(2302, 'radio', '6309'),
          value(2303, 'municipio', 'Sevilla (Sevilla)'),
          value(1655, 'radio', '4324'),
          value(2304, 'field', 'Ana Pérez'),
          value(2305, 'field', '1234'),
          value(2306, 'date', '12/03/2015'),
          value(2308, 'area', ''),
        ],
        confirm_values: [{ option_id: 2309, value: '6316' }],
        related_product_ids: [15867],
      },
      'session',
    );
    await shop.page.goto(`${shop.origin}/app/cart/add/product`);
    await cartHeading().waitFor();
    await main()
      .getByText(/Se ha añadido .* a tu pedido\./)
      .waitFor();
    const edit = main().getByRole('button', { name: /^Editar / });
    await edit.click();
    const dialog = shop.page.getByRole('dialog', { name: 'Modificar pedido' });
    await dialog.waitFor();
    await dialog.getByText('Precio: 99,76\u00a0€').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Nombre del notario' }).inputValue()).toBe('Ana Pérez');
    expect(await dialog.getByRole('textbox', { name: 'Número de protocolo' }).inputValue()).toBe('1234');
    expect(
      await dialog.getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' }).inputValue(),
    ).toBe('6316');
    const related = dialog.getByRole('group', { name: 'También te puede interesar' });
    expect(await related.getByRole('checkbox', { name: /^Nota Simple/ }).isChecked()).toBe(true);
    // Keyboard: the related product can be unticked, and the new price follows.
    await related.getByRole('checkbox', { name: /^Nota Simple/ }).focus();
    await shop.page.keyboard.press('Space');
    await dialog.getByText('Nuevo precio: 79\u00a0€').waitFor();
    expect(await shop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('the services screen shows the current cart and the header offers Solicitar Nota Simple', async () => {
    await seedNotaSimple();
    await shop.page.goto(`${shop.origin}/app/cart/add/ns`);
    await cartHeading().waitFor();
    await main().getByRole('link', { name: 'Añadir otro servicio' }).click();
    await shop.page.getByRole('heading', { level: 1, name: '¿Qué servicio deseas?' }).waitFor();
    const block = shop.page.getByRole('region', { name: 'Tu pedido actual' });
    expect(await block.textContent()).toContain('Nota Simple');
    expect(await shop.page.getByRole('link', { name: 'Solicitar Nota Simple' }).getAttribute('href')).toBe(
      '/app/nota-simple/step1',
    );
    // Nothing overflows the 360px screen.
    expect(await shop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
