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

/** A complete Nota Simple wizard form (every step answered), as the wizard saves it under last_ns_form. */
export const NS_FORM = {
  quiere_una_ns: true,
  conoce_nombre_propietario: true,
  nombre: 'Ana Pérez García',
  direccion: 'Calle Mayor 1, 2º B',
  municipio: 'Madrid',
  provincia: 'Madrid',
  otros_datos: '',
  servicio_urgente: false,
  step1: true,
  step2: true,
  step3: true,
  step4: true,
  step5: true,
  step6: true,
  step7: true,
};
