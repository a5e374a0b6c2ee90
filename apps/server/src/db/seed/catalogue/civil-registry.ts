import {
  after,
  BIRTH_CERTIFICATE_STORE,
  BIRTH_RECORD_STORE,
  before,
  type CatalogueProduct,
  eq,
  GENERIC_STORE,
  MAIN_SHOP,
  v,
} from './types.ts';

/**
 * Civil registry (Registro Civil) certificates. Option ids 26xx, value ids 66xx.
 * The birth certificate store (22) lists 18444, the birth record store (23)
 * lists 18505; both sell the three products.
 */

const STORES = [MAIN_SHOP, GENERIC_STORE, BIRTH_CERTIFICATE_STORE, BIRTH_RECORD_STORE];

const delivery = (optionId: number, first: number) => ({
  option_id: optionId,
  title: 'Envío',
  type: 'radio' as const,
  is_require: '1' as const,
  default: String(first),
  opt_values: [
    v(first, 'Electrónico: PDF por e-mail'),
    v(first + 1, 'En papel, por correo certificado', 600),
  ],
});

export const birthCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: STORES,
  visible: true,
  visibleOnServices: [MAIN_SHOP, GENERIC_STORE, BIRTH_CERTIFICATE_STORE],
  editable: true,
  definition: {
    product_id: 18444,
    name: 'Certificado de nacimiento',
    short_name: 'Certificado de nacimiento',
    description:
      'Certificado de nacimiento del Registro Civil en extracto, literal o plurilingüe: para el DNI, el pasaporte, la nacionalidad, oposiciones o trámites en el extranjero.',
    price: 1990,
    options: [
      {
        option_id: 2601,
        title: 'Tipo de certificado',
        type: 'drop_down',
        is_require: '1',
        default: '6601',
        opt_values: [
          v(6601, 'Extracto'),
          v(6602, 'Literal (copia íntegra de la inscripción)'),
          v(6603, 'Plurilingüe (para usar en otro país de la UE)', 500),
        ],
      },
      { option_id: 2602, title: 'Nombre y apellidos del inscrito', type: 'field', is_require: '1' },
      { option_id: 2603, title: 'Fecha de nacimiento', type: 'date', is_require: '1' },
      { option_id: 2604, title: 'Lugar de nacimiento', type: 'municipio_ce', is_require: '1' },
      { option_id: 2605, title: 'Nombre del padre', type: 'field' },
      { option_id: 2606, title: 'Nombre de la madre', type: 'field' },
      {
        option_id: 2607,
        title: '¿Para qué lo necesitas?',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6604, 'DNI o pasaporte'),
          v(6605, 'Matrimonio'),
          v(6606, 'Nacionalidad'),
          v(6607, 'Oposiciones o trámites administrativos'),
          v(6608, 'Trámite en el extranjero'),
        ],
      },
      {
        option_id: 2608,
        title: 'Apostilla de La Haya',
        type: 'radio',
        is_require: '1',
        default: '6609',
        help: 'Necesaria para presentar el certificado literal fuera de la Unión Europea.',
        previous_steps: [eq(2601, '6602'), eq(2607, '6608')],
        opt_values: [v(6609, 'No la necesito'), v(6610, 'Sí, añadir apostilla', 2900)],
      },
      delivery(2609, 6611),
    ],
  },
};

/** 18505 (no meaning in the spec): the birth record (partida literal), searched in the registry's books. */
export const birthRecord: CatalogueProduct = {
  kind: 'generic',
  stores: STORES,
  visible: true,
  visibleOnServices: [MAIN_SHOP, GENERIC_STORE, BIRTH_RECORD_STORE],
  editable: true,
  definition: {
    product_id: 18505,
    name: 'Partida de nacimiento',
    short_name: 'Partida de nacimiento',
    description:
      'Partida literal de nacimiento: copia de la inscripción en los libros del Registro Civil, también de nacimientos antiguos no digitalizados (genealogía, nacionalidad, herencias).',
    price: 2490,
    options: [
      { option_id: 2621, title: 'Nombre y apellidos del inscrito', type: 'field', is_require: '1' },
      {
        option_id: 2622,
        title: 'Fecha de nacimiento',
        type: 'date',
        is_require: '1',
        placeholder: 'dd/mm/aaaa',
      },
      { option_id: 2623, title: 'Lugar de nacimiento', type: 'municipio_ce', is_require: '1' },
      {
        option_id: 2624,
        title: 'DNI del inscrito (si lo tenía)',
        type: 'field',
        help: 'Los nacimientos desde 1950 están digitalizados: con el DNI se localizan antes.',
        previous_steps: [after(2622, '31/12/1949')],
      },
      {
        option_id: 2625,
        title: '¿Conoces el tomo y la página de la inscripción?',
        type: 'radio',
        is_require: '1',
        default: '6622',
        opt_values: [v(6621, 'Sí'), v(6622, 'No')],
      },
      { option_id: 2626, title: 'Tomo', type: 'field', is_require: '1', previous_steps: [eq(2625, '6621')] },
      {
        option_id: 2627,
        title: 'Página',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2625, '6621')],
      },
      {
        option_id: 2628,
        title: 'Búsqueda en los libros del Registro Civil',
        type: 'radio',
        is_require: '1',
        previous_steps: [before(2622, '01/01/1950'), eq(2625, '6622')],
        previous_steps_default: '6623',
        opt_values: [
          v(6623, 'En el Registro Civil del lugar de nacimiento (incluida)'),
          v(6624, 'Además en los archivos históricos de la provincia', 1000),
        ],
      },
      { option_id: 2629, title: 'Nombre del padre', type: 'field' },
      { option_id: 2630, title: 'Nombre de la madre', type: 'field' },
      {
        option_id: 2631,
        title: '¿Para qué la necesitas?',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6625, 'Genealogía'),
          v(6626, 'Nacionalidad española'),
          v(6627, 'Herencia'),
          v(6628, 'Otro trámite'),
        ],
      },
      delivery(2632, 6629),
    ],
  },
};

/** 18491 (no meaning in the spec): death certificate. */
export const deathCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: STORES,
  visible: true,
  visibleOnServices: [MAIN_SHOP, GENERIC_STORE],
  editable: true,
  definition: {
    product_id: 18491,
    name: 'Certificado de defunción',
    short_name: 'Certificado de defunción',
    description:
      'Certificado de defunción del Registro Civil: necesario para la herencia, la pensión de viudedad o el certificado de últimas voluntades.',
    price: 1990,
    options: [
      {
        option_id: 2641,
        title: 'Tipo de certificado',
        type: 'drop_down',
        is_require: '1',
        default: '6641',
        opt_values: [
          v(6641, 'Literal'),
          v(6642, 'Extracto'),
          v(6643, 'Plurilingüe (para usar en otro país de la UE)', 500),
        ],
      },
      { option_id: 2642, title: 'Nombre y apellidos del fallecido', type: 'field', is_require: '1' },
      { option_id: 2643, title: 'Fecha de defunción', type: 'date', is_require: '1' },
      { option_id: 2644, title: 'Lugar de defunción', type: 'municipio_ce', is_require: '1' },
      { option_id: 2645, title: 'DNI del fallecido', type: 'field' },
      {
        option_id: 2646,
        title: '¿Para qué lo necesitas?',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6644, 'Herencia'),
          v(6645, 'Pensión de viudedad u orfandad'),
          v(6646, 'Certificado de últimas voluntades'),
          v(6647, 'Otro trámite'),
        ],
      },
      delivery(2647, 6648),
    ],
  },
};

export const civilRegistryProducts = [birthCertificate, birthRecord, deathCertificate];
