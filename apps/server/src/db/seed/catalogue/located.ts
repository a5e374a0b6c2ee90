import type { OptionInput } from '@shop/domain';
import { type CatalogueProduct, ENGLISH_STORES, GENERIC_STORE, REGISTRY_SITES } from './types.ts';

/**
 * Located-property products: the Nota Simple of one property found by a
 * properties search, added as a child item at 20,76 EUR each (DECISIONS.md
 * "Money"). Not visible on any services screen, not editable by the customer;
 * the operator fills the options from the search result. Option ids 20xx.
 *
 * - 18324: a property found by "Conocer propiedades" (18357) for a person; the
 *   spec's "Cancelar pedido" button cancels this request.
 * - 18347: a property found by "Conocer propiedades" (18357) for a company.
 * - 15868: a property found by the property locator service (17492).
 * - 18361: a property found by the English owner search (18507).
 */

function spanishOptions(base: number): OptionInput[] {
  return [
    { option_id: base + 1, title: 'Titular', type: 'field', is_require: '1' },
    { option_id: base + 2, title: 'Municipio', type: 'municipio', is_require: '1' },
    { option_id: base + 3, title: 'Registro de la Propiedad', type: 'field', is_require: '1' },
    { option_id: base + 4, title: 'Número de finca registral', type: 'field', is_require: '1' },
    { option_id: base + 5, title: 'IDUFIR / CRU', type: 'field' },
    { option_id: base + 6, title: 'Dirección del inmueble', type: 'field' },
  ];
}

function located(
  productId: number,
  name: string,
  description: string,
  stores: number[],
  options: OptionInput[],
): CatalogueProduct {
  return {
    kind: 'located',
    stores,
    visible: false,
    visibleOnServices: [],
    editable: false,
    definition: { product_id: productId, name, description, price: 2076, official_fee: 1091, options },
  };
}

export const locatedProducts: CatalogueProduct[] = [
  located(
    18324,
    'Nota Simple de propiedad localizada',
    'Nota simple de un inmueble localizado en la búsqueda de propiedades de una persona.',
    REGISTRY_SITES,
    spanishOptions(2000),
  ),
  located(
    18347,
    'Nota Simple de propiedad localizada de empresa',
    'Nota simple de un inmueble localizado en la búsqueda de propiedades de una empresa.',
    REGISTRY_SITES,
    spanishOptions(2010),
  ),
  located(
    15868,
    'Nota Simple de finca localizada',
    'Nota simple de un inmueble encontrado por el localizador de propiedades.',
    [...REGISTRY_SITES, GENERIC_STORE],
    spanishOptions(2020),
  ),
  located(
    18361,
    'Located property report (Nota Simple)',
    'Land registry report of a property found by the Spanish property owner search, with an English summary.',
    ENGLISH_STORES,
    [
      { option_id: 2031, title: 'Owner', type: 'field', is_require: '1' },
      { option_id: 2032, title: 'Municipality', type: 'municipio', is_require: '1' },
      { option_id: 2033, title: 'Land registry office', type: 'field', is_require: '1' },
      { option_id: 2034, title: 'Registry property number (finca)', type: 'field', is_require: '1' },
      { option_id: 2035, title: 'IDUFIR / CRU', type: 'field' },
      { option_id: 2036, title: 'Property address', type: 'field' },
    ],
  ),
];
