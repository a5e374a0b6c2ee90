import type { OptionInput } from '@shop/domain';
import { type CatalogueProduct, eq, GENERIC_STORE, MAIN_SHOP, v } from './types.ts';

/**
 * Express divorce by mutual agreement (Ley 15/2005). Four variants by children
 * and shared property; the documents are uploaded as PDF (file options).
 * Option ids 25xx and value ids 65xx, one block of 20 per product.
 */

const STORES = [MAIN_SHOP, GENERIC_STORE];

interface Variant {
  productId: number;
  name: string;
  description: string;
  price: number;
  children: boolean;
  property: boolean;
}

function divorceOptions(o: number, val: number, variant: Variant): OptionInput[] {
  const options: OptionInput[] = [
    {
      option_id: o + 1,
      title: 'Fecha de celebración del matrimonio',
      type: 'date',
      is_require: '1',
      help: 'Deben haber pasado al menos 3 meses desde la boda.',
    },
    { option_id: o + 2, title: 'Lugar de celebración del matrimonio', type: 'municipio_ce', is_require: '1' },
    {
      option_id: o + 3,
      title: 'Municipio del último domicilio conyugal',
      type: 'municipio',
      is_require: '1',
    },
    { option_id: o + 4, title: 'Primer cónyuge: nombre y apellidos', type: 'field', is_require: '1' },
    { option_id: o + 5, title: 'Primer cónyuge: DNI / NIE', type: 'field', is_require: '1' },
    { option_id: o + 6, title: 'Segundo cónyuge: nombre y apellidos', type: 'field', is_require: '1' },
    { option_id: o + 7, title: 'Segundo cónyuge: DNI / NIE', type: 'field', is_require: '1' },
  ];
  if (variant.children) {
    options.push(
      {
        option_id: o + 8,
        title: 'Hijos menores o dependientes',
        type: 'drop_down',
        is_require: '1',
        opt_values: [v(val + 1, '1 hijo'), v(val + 2, '2 hijos'), v(val + 3, '3 o más hijos', 5000)],
      },
      {
        option_id: o + 9,
        title: 'Custodia acordada',
        type: 'radio',
        is_require: '1',
        opt_values: [v(val + 4, 'Compartida'), v(val + 5, 'Exclusiva de uno de los progenitores')],
      },
    );
  }
  if (variant.property) {
    options.push(
      {
        option_id: o + 10,
        title: 'Bienes a repartir',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(val + 6, 'Solo la vivienda familiar'),
          v(val + 7, 'La vivienda y otros bienes', 10000),
        ],
      },
      {
        option_id: o + 11,
        title: '¿La vivienda tiene hipoteca?',
        type: 'radio',
        is_require: '1',
        opt_values: [v(val + 8, 'Sí'), v(val + 9, 'No')],
      },
      {
        option_id: o + 12,
        title: 'Última cuota de la hipoteca (PDF)',
        type: 'file',
        previous_steps: [eq(o + 11, String(val + 8))],
      },
    );
  }
  options.push(
    { option_id: o + 13, title: 'DNI de ambos cónyuges (PDF)', type: 'file', is_require: '1' },
    { option_id: o + 14, title: 'Certificado literal de matrimonio (PDF)', type: 'file', is_require: '1' },
  );
  if (variant.children) {
    options.push({ option_id: o + 15, title: 'Libro de familia (PDF)', type: 'file', is_require: '1' });
  }
  if (variant.property) {
    options.push({
      option_id: o + 16,
      title: 'Escritura de la vivienda (PDF)',
      type: 'file',
      is_require: '1',
    });
  }
  options.push(
    { option_id: o + 17, title: 'Borrador del convenio regulador, si lo tenéis (PDF)', type: 'file' },
    { option_id: o + 18, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
  );
  return options;
}

function divorce(index: number, variant: Variant): CatalogueProduct {
  return {
    kind: 'generic',
    stores: STORES,
    visible: true,
    visibleOnServices: STORES,
    editable: true,
    definition: {
      product_id: variant.productId,
      name: variant.name,
      short_name: 'Divorcio express',
      description: variant.description,
      price: variant.price,
      options: divorceOptions(2500 + index * 20, 6500 + index * 20, variant),
    },
  };
}

export const divorceProducts: CatalogueProduct[] = [
  divorce(0, {
    productId: 18472,
    name: 'Divorcio express sin hijos ni bienes',
    description:
      'Divorcio de mutuo acuerdo ante notario, sin hijos menores ni bienes en común: convenio regulador, abogado y escritura de divorcio.',
    price: 29900,
    children: false,
    property: false,
  }),
  divorce(1, {
    productId: 18474,
    name: 'Divorcio express con hijos',
    description:
      'Divorcio de mutuo acuerdo con hijos menores o dependientes: convenio regulador con custodia y pensión, abogado y procurador ante el juzgado.',
    price: 44900,
    children: true,
    property: false,
  }),
  divorce(2, {
    productId: 18475,
    name: 'Divorcio express con bienes',
    description:
      'Divorcio de mutuo acuerdo ante notario, sin hijos menores, con reparto de la vivienda y de los bienes comunes.',
    price: 39900,
    children: false,
    property: true,
  }),
  divorce(3, {
    productId: 18476,
    name: 'Divorcio express con hijos y bienes',
    description:
      'Divorcio de mutuo acuerdo con hijos menores y reparto de bienes: convenio regulador, liquidación de gananciales, abogado y procurador.',
    price: 54900,
    children: true,
    property: true,
  }),
];
