import { describe, expect, it } from 'vitest';
import { useShopPage, waitForHydration } from './support/shop-page.ts';

// Spec 2 "Exit-intent dialog": the mouse leaving through the top of the page
// shows the step's help text and 'Continuar', once per URL; never after a touch.

const shop = useShopPage();
const h1 = (name: string) => shop.page.getByRole('heading', { level: 1, name });

/** A real mouse: into the page, then out through the top edge (towards the tabs). */
async function leaveThroughTheTop() {
  await shop.page.mouse.move(180, 300);
  await shop.page.mouse.move(180, 5, { steps: 5 });
  await shop.page.mouse.move(180, -20);
}

describe('exit-intent dialog (Chromium, real server)', () => {
  it('shows the step’s text once per URL and closes with Continuar', async () => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1('¿Qué servicio deseas?').waitFor();
    // The listeners come with the scripts, which start after the first paint.
    await waitForHydration(page);

    // Leaving through a side shows nothing.
    await page.mouse.move(180, 300);
    await page.mouse.move(-20, 300);
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await leaveThroughTheTop();
    const dialog = page.getByRole('dialog', { name: '¿Necesitas ayuda?' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('exit-intent-text').textContent()).toContain(
      '¿No encuentras el documento que necesitas?',
    );
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Once per URL: leaving again on the same page shows nothing.
    await leaveThroughTheTop();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Another URL (client-side navigation): its own text, once.
    await page.getByRole('link', { name: 'Solicitar Nota Simple' }).click();
    await h1('Titular del inmueble').waitFor();
    await leaveThroughTheTop();
    await dialog.waitFor();
    expect(await dialog.getByTestId('exit-intent-text').textContent()).toContain(
      'Si no conoces el nombre del titular',
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('never shows after a touch', async () => {
    const { page, origin, context } = shop;
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await h1('¿Qué servicio deseas?').waitFor();
    // The listeners come with the scripts, which start after the first paint.
    await waitForHydration(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 180, y: 600 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await leaveThroughTheTop();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
