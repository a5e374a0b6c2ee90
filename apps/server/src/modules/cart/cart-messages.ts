import type { Language } from '@shop/domain';

const ES = {
  product_not_offered: 'Este producto no está disponible en esta tienda.',
  product_not_editable: 'Este producto no se puede modificar desde el carrito.',
  item_not_found: 'Este elemento ya no está en tu pedido.',
  file_too_large: 'El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
  file_type: 'Solo se admiten archivos PDF, JPEG o PNG.',
  too_many_files: 'Puedes subir como máximo 5 archivos a la vez.',
  owner_file_limit: 'Este pedido ya tiene el máximo de 40 archivos.',
  no_files: 'Elige al menos un archivo.',
};

export type CartMessageKey = keyof typeof ES;

/** Texts of the cart and upload answers, per store language. */
const CART_MESSAGES: Record<Language, Record<CartMessageKey, string>> = {
  es: ES,
  pt: {
    product_not_offered: 'Este produto não está disponível nesta loja.',
    product_not_editable: 'Este produto não pode ser modificado a partir do carrinho.',
    item_not_found: 'Este elemento já não está no seu pedido.',
    file_too_large: 'O ficheiro é demasiado grande: o máximo é de 10 MB por ficheiro.',
    file_type: 'Apenas são aceites ficheiros PDF, JPEG ou PNG.',
    too_many_files: 'Pode enviar no máximo 5 ficheiros de cada vez.',
    owner_file_limit: 'Este pedido já tem o máximo de 40 ficheiros.',
    no_files: 'Escolha pelo menos um ficheiro.',
  },
  en: {
    product_not_offered: 'This product is not available in this store.',
    product_not_editable: 'This product cannot be changed from the cart.',
    item_not_found: 'This item is no longer in your order.',
    file_too_large: 'The file is too large: the maximum is 10 MB per file.',
    file_type: 'Only PDF, JPEG or PNG files are accepted.',
    too_many_files: 'You can upload at most 5 files at a time.',
    owner_file_limit: 'This order already has the maximum of 40 files.',
    no_files: 'Choose at least one file.',
  },
};

export function cartMessage(language: Language, key: CartMessageKey): string {
  return CART_MESSAGES[language][key];
}
