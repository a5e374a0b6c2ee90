import { type CatalogueProduct, ENGLISH_STORES, v } from './types.ts';

/**
 * English-named products of the English stores (17 Ireland, 18 UK, 19 Wales),
 * for buyers and owners of property in Spain and Portugal. The ids 18506-18508
 * have no meaning in the spec; these are ours. Option ids 29xx, value ids 69xx.
 */

function english(definition: CatalogueProduct['definition']): CatalogueProduct {
  return {
    kind: 'generic',
    stores: ENGLISH_STORES,
    visible: true,
    visibleOnServices: ENGLISH_STORES,
    editable: true,
    definition,
  };
}

export const spanishPropertyReport = english({
  product_id: 18506,
  name: 'Spanish Land Registry Report (Nota Simple) in English',
  short_name: 'Nota Simple in English',
  description:
    'The official Nota Simple of a property in Spain (owners, description, mortgages and charges) with an English translation.',
  price: 4900,
  official_fee: 1091,
  options: [
    { option_id: 2901, title: 'Municipality in Spain', type: 'municipio', is_require: '1' },
    { option_id: 2902, title: 'Property address', type: 'field', is_require: '1' },
    { option_id: 2903, title: 'Owner name (if known)', type: 'field' },
    {
      option_id: 2904,
      title: 'Registry details (optional)',
      type: 'area',
      help: 'Land registry, property number (finca) or cadastral reference.',
    },
    {
      option_id: 2905,
      title: 'Translation',
      type: 'radio',
      is_require: '1',
      default: '6901',
      opt_values: [v(6901, 'English summary'), v(6902, 'Full sworn translation', 4000)],
    },
  ],
});

export const ownerSearch = english({
  product_id: 18507,
  name: 'Spanish Property Owner Search',
  short_name: 'Owner search',
  description:
    'Find the properties registered in Spain to a person or company: 12 EUR for the search plus 20.76 EUR per property found, each with its land registry report.',
  price: 1200,
  options: [
    { option_id: 2921, title: 'Full name or company name', type: 'field', is_require: '1' },
    { option_id: 2922, title: 'NIE, passport or Spanish tax number', type: 'field' },
    {
      option_id: 2923,
      title: 'Properties to locate',
      type: 'drop_down',
      is_require: '1',
      default: '6921',
      opt_values: [v(6921, 'All properties'), v(6922, 'Up to 10'), v(6923, 'Up to 3'), v(6924, '1')],
    },
  ],
});

export const portuguesePropertyCertificate = english({
  product_id: 18508,
  name: 'Portuguese Land Registry Certificate in English',
  short_name: 'Certidão Permanente in English',
  description:
    'The Portuguese permanent land registry certificate (Certidão Permanente) of a property, with an English summary.',
  price: 3990,
  official_fee: 1500,
  options: [
    { option_id: 2941, title: 'Parish (freguesia) of the property', type: 'freguesia', is_require: '1' },
    {
      option_id: 2942,
      title: 'Type of property',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6941, 'Urban'), v(6942, 'Rural')],
    },
    { option_id: 2943, title: 'Description number (ficha)', type: 'field' },
    { option_id: 2944, title: 'Tax article number (artigo matricial)', type: 'field' },
  ],
});

export const englishProducts = [spanishPropertyReport, ownerSearch, portuguesePropertyCertificate];
