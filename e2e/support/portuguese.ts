import { flattenCatalogue, loadCatalogue } from '@shop/domain/i18n';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

let spanishOnly: Promise<string[]> | undefined;

/** Spanish storefront texts that Portuguese pages must never show (read once from the catalogues). */
export function spanishOnlyTexts(): Promise<string[]> {
  spanishOnly ??= Promise.all([loadCatalogue('es'), loadCatalogue('pt')]).then(([es, pt]) => {
    const portuguese = [...flattenCatalogue(pt).values()];
    // A Spanish text inside a Portuguese one ('Política de privacidad' in 'Política de privacidade') is not Spanish.
    return [...flattenCatalogue(es).values()].filter(
      (text) => !text.includes('{{') && text.length >= 6 && !portuguese.some((pt) => pt.includes(text)),
    );
  });
  return spanishOnly;
}

/** Waits for the step heading, then checks the page is Portuguese through and through. */
export async function expectPortugueseStep(page: Page, title: string) {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
  const text = await page.locator('body').innerText();
  const spanish = await spanishOnlyTexts();
  expect(spanish.filter((phrase) => text.includes(phrase))).toEqual([]);
  // Usable at 360px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The step heading has the focus, so a screen reader announces the new step (on a
  // server-rendered first step: once the page has hydrated).
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
}
