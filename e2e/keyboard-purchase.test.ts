import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { focusedHiddenReason } from './support/layout-probe.ts';
import { mailsTo, mailText } from './support/mail-viewer.ts';
import { useShopPage, waitForHydration } from './support/shop-page.ts';

// Issue 20 item 8's acceptance: a keyboard-only purchase on store 14 at 360 px
// (Tab, Shift+Tab, Enter, Space, arrows and typing; never the mouse) from the
// services screen to the success page through the sandbox card and its 3-D
// Secure page. After every key the focused element must be visible: in the
// viewport, not under the sticky header, not under the cookie banner. The
// cookie banner is the first Tab stop and gives the focus back once answered,
// every new page focuses its main heading, and the card field a refused Pay
// focuses is not hidden under the header.

const shop = useShopPage({
  consent: 'ask',
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 740 });
  },
});

/** The focused element as a user would name it: tag, role-ish name. */
function focused(page: Page): Promise<{ tag: string; name: string; type: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', name: '', type: '' };
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ??
      (labels && labels.length > 0 ? [...labels].map((l) => l.textContent ?? '').join(' ') : null) ??
      el.textContent ??
      '';
    return { tag: el.tagName, name: name.trim().replace(/\s+/g, ' '), type: el.getAttribute('type') ?? '' };
  });
}

async function expectFocusVisible(page: Page, after: string) {
  const reason = await focusedHiddenReason(page);
  expect({ after, focused: await focused(page), reason }).toMatchObject({ after, reason: null });
}

/** One key, then the focus must be visible. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await expectFocusVisible(page, key);
}

/** Tab (or Shift+Tab) until the focused element's name matches, checking the focus is visible at every stop. */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 60 } = {}) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await press(page, back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(now.name);
    if (matches(now.name)) return;
  }
  throw new Error(`No Tab stop named ${name} after ${max} presses: ${seen.join(' | ')}`);
}

async function type(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 15 });
  await expectFocusVisible(page, `typing ${text}`);
}

/** A new page: its main heading has the focus (route change, or the page's own focus). */
async function expectHeadingFocused(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject({ tag: 'H1', name: heading });
  await expectFocusVisible(page, `arriving at ${heading}`);
}

describe('a keyboard-only purchase (Chromium, 360 px, store 14)', () => {
  it('from the services screen to the success page, the focus always visible', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await page.getByRole('heading', { level: 1, name: '¿Qué servicio deseas?' }).waitFor();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('button', { name: 'Rechazar todo' }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The cookie banner is the first Tab stop; then the header's logo.
    await press(page, 'Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Rechazar todo' });
    await tabTo(page, /página principal/);
    // Back into the banner, answered there: the focus returns to the logo.
    await tabTo(page, 'Rechazar todo', { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('consent-banner').count()).toBe(0);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'A', name: expect.stringMatching(/página principal/) });

    // The header's 'Solicitar Nota Simple' opens the wizard at step1, its heading focused.
    await tabTo(page, 'Solicitar Nota Simple');
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'Titular del inmueble');
    expect(await page.getByText(/^Paso 1 de \d$/).count()).toBe(1);

    // step1: the radios by arrows, Space to choose.
    await tabTo(page, 'Sí, lo conozco');
    await press(page, 'ArrowDown');
    await press(page, 'Space');
    expect(await page.getByRole('radio', { name: 'No, no lo conozco' }).isChecked()).toBe(true);
    await tabTo(page, 'Siguiente');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Dirección del inmueble');
    await tabTo(page, 'Dirección del inmueble');
    await type(page, 'Calle Real 5, 2º B');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Municipio del inmueble');
    await tabTo(page, 'Municipio');
    await type(page, 'Rozas');
    await page.getByRole('option', { name: 'Las Rozas de Madrid (Madrid)' }).waitFor();
    await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'Provincia' }).inputValue()).toBe('Madrid');
    await tabTo(page, 'Siguiente');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Otros datos del Registro');
    await tabTo(page, 'Siguiente');
    await expect.poll(() => page.getByRole('button', { name: 'Siguiente' }).isEnabled()).toBe(true);
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Plazo de entrega');
    await tabTo(page, 'Siguiente');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, '¿Quién solicita la nota simple?');
    await tabTo(page, 'Tu nombre y apellidos o razón social');
    await type(page, 'Pedro Ruiz');
    await press(page, 'Tab');
    expect((await focused(page)).name).toMatch(/Tu DNI, NIE o CIF/);
    await type(page, '12345678Z');
    await tabTo(page, /^Interés legítimo/);
    await press(page, 'ArrowDown');
    expect(await page.getByRole('combobox', { name: 'Interés legítimo' }).inputValue()).not.toBe('');
    await tabTo(page, 'Siguiente');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Revisa tu Nota Simple');
    await tabTo(page, 'Añadir al pedido');
    await page.keyboard.press('Enter');

    await page.getByText('Se ha añadido Nota Simple a tu pedido.').waitFor();
    await tabTo(page, 'Tramitar pedido');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, '¿A qué e-mail te enviamos el pedido?');
    await tabTo(page, 'E-mail');
    const email = `teclado${Date.now()}@example.es`;
    await type(page, email);
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, '¿Cómo quieres pagar?');
    await tabTo(page, /^(Tarjeta de crédito o débito|Bizum|PayPal|Adeudo directo)$/);
    for (let i = 0; i < 4 && (await focused(page)).name !== 'Tarjeta de crédito o débito'; i++) {
      await press(page, 'ArrowUp');
    }
    await press(page, 'Space');
    expect(await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).isChecked()).toBe(true);
    await tabTo(page, 'Siguiente');
    await page.keyboard.press('Enter');

    await expectHeadingFocused(page, 'Pago con tarjeta');
    await tabTo(page, 'Número de tarjeta');
    await type(page, '4000 0027 6000 3184');
    await press(page, 'Tab');
    expect((await focused(page)).name).toMatch(/^Mes/);
    await press(page, 'ArrowDown');
    await press(page, 'ArrowDown');
    await press(page, 'ArrowDown');
    // Pay without the year: the refused field takes the focus, clear of the sticky header.
    await tabTo(page, /^Pagar /);
    expect((await focused(page)).name).not.toContain('0\u00a0€');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ name: expect.stringMatching(/^Año/) });
    await expectFocusVisible(page, 'a refused Pay');
    await type(page, String(new Date().getFullYear() + 3));
    await tabTo(page, /^Código de seguridad/);
    await type(page, '123');
    await page.keyboard.press('Enter');

    // The sandbox's 3-D Secure page, then the shop's success page, its heading focused.
    await page.getByRole('button', { name: 'Autorizar' }).waitFor();
    await tabTo(page, 'Autorizar');
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, '¡Gracias! Hemos recibido tu pedido');
    expect(await axeViolations(page)).toEqual([]);

    // One status word (ADR 033): the success page, the orders page and the confirmation mail.
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(await page.getByTestId('success-status').textContent()).toBe('Estado: Pendiente de tramitar');
    await page.goto(`${origin}/app/customer/orders`);
    await page.getByRole('heading', { level: 1, name: 'Mis pedidos' }).waitFor();
    const order = page.getByRole('main').locator('article').filter({ hasText: orderId });
    await order.waitFor();
    expect(await order.textContent()).toContain('Pendiente de tramitar');
    expect(await order.textContent()).not.toContain('En tramitación');
    await expect
      .poll(async () => (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0);
    expect(await mailText(shop.mailViewer, mail?.id ?? '')).toContain(
      'Estado del pedido: Pendiente de tramitar',
    );
  });
});
