import type { Page } from 'playwright-core';

/**
 * Saves a wizard's form as the storefront's wizard store keeps it, `{ savedAt,
 * form }` under its spec 3 key (last_ns_form in localStorage, last_generic_form
 * in sessionStorage...), as a reload finds it. The page must be on the shop.
 */
export async function saveWizardForm(
  page: Page,
  key: string,
  form: object,
  storage: 'local' | 'session' = 'local',
): Promise<void> {
  await page.evaluate(
    ({ key, form, storage }) => {
      const target = storage === 'local' ? localStorage : sessionStorage;
      target.setItem(key, JSON.stringify({ savedAt: Date.now(), form }));
    },
    { key, form, storage },
  );
}

/** One recorded answer of a generic form (spec 3 "Generic form"). */
export const answer = (productId: number, optionId: number, type: string, value: string) => ({
  option_id: optionId,
  product_id: productId,
  type,
  value,
});
