import type { Page } from 'playwright-core';
import { answer, NS_FORM, saveWizardForm } from './wizard-storage.ts';

/** A complete Certidão Permanente form, as its wizard saves it under last_certidao_form. */
export const CERTIDAO_FORM = {
  distrito_concelho_freguesia: 'Lisboa / Lisboa / Estrela',
  forma_identificar_matricial: true,
  forma_identificar_livro: false,
  forma_identificar_ficha: false,
  tipo_rustica: false,
  tipo_urbana: true,
  numero_artigo: '1234',
  seccao: '',
  num_livro: '',
  livro: '',
  folhas: '',
  num_ficha: '',
  prop_horizontal: false,
  prop_horizontal_fracao: '',
  quiere_un_certidao: true,
  step1: true,
  step2: true,
  step3: true,
  step4: true,
  step5: true,
  step6: true,
  step7: true,
  step8: true,
};

/**
 * Saves one finished wizard form of a store's language as its wizard leaves it
 * (Nota Simple on 14, Certidão Permanente on 16, the English Nota Simple 18506
 * on 18) and returns the cart/add route that adds it. The page must be on the shop.
 */
export async function saveCartForm(page: Page, storeId: 14 | 16 | 18 | number): Promise<string> {
  if (storeId === 16) {
    await saveWizardForm(page, 'last_certidao_form', CERTIDAO_FORM);
    return '/app/cart/add/certidao';
  }
  if (storeId === 18) {
    const value = (optionId: number, type: string, v: string) => answer(18506, optionId, type, v);
    await saveWizardForm(
      page,
      'last_generic_form',
      {
        product_id: 18506,
        values: [
          value(2901, 'municipio', 'Málaga (Málaga)'),
          value(2902, 'field', 'Calle Larios 5'),
          value(2903, 'field', 'John Smith'),
          value(2904, 'area', ''),
          value(2905, 'radio', '6901'),
        ],
      },
      'session',
    );
    return '/app/cart/add/product';
  }
  await saveWizardForm(page, 'last_ns_form', NS_FORM);
  return '/app/cart/add/ns';
}
