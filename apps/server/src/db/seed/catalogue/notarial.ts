import {
  BIRTH_CERTIFICATE_STORE,
  before,
  type CatalogueProduct,
  eq,
  GENERIC_STORE,
  PROPERTY_STORES,
  REGISTRY_SITES,
  v,
} from './types.ts';

/**
 * Notarial documents and wills. Option ids 23xx, value ids 63xx, except the
 * spec's ids of 18458: options 1653, 1654, 1655, 1660, 1699 and value 4324.
 *
 * 18458 and the spec 4 special case: 1655 asks whether the customer knows the
 * notary and protocol number. 4324 = "yes": the search data (1653 grantors,
 * 1654 address, 1699 approximate date) and the search scope 1660 are not asked,
 * so the edit dialog hides them. Any other answer: 1653, 1654 and 1699 are
 * editable, while 1660 (the search scope, which changes the price and was
 * settled when ordering) stays hidden in the edit dialog.
 */

export const deedCopy: CatalogueProduct = {
  kind: 'generic',
  stores: PROPERTY_STORES,
  visible: true,
  visibleOnServices: PROPERTY_STORES,
  editable: true,
  definition: {
    product_id: 18458,
    name: 'Copia de escritura',
    short_name: 'Copia de escritura',
    description:
      'Copia de una escritura notarial (compraventa, hipoteca, herencia, poderes...) solicitada a la notaría que la custodia. Si no conoces el protocolo, localizamos la escritura.',
    price: 5900,
    options: [
      {
        option_id: 2301,
        title: 'Tipo de escritura',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6301, 'Compraventa'),
          v(6302, 'Préstamo hipotecario'),
          v(6303, 'Aceptación de herencia'),
          v(6304, 'Donación'),
          v(6305, 'Poder notarial'),
          v(6306, 'Constitución de sociedad'),
          v(6307, 'Otra'),
        ],
      },
      {
        option_id: 2302,
        title: 'Tipo de copia',
        type: 'radio',
        is_require: '1',
        default: '6308',
        opt_values: [
          v(6308, 'Copia simple (informativa)'),
          v(6309, 'Copia autorizada (con valor legal)', 2000),
        ],
      },
      { option_id: 2303, title: 'Municipio donde se firmó la escritura', type: 'municipio', is_require: '1' },
      {
        option_id: 1655,
        title: '¿Conoces el notario y el número de protocolo?',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(4324, 'Sí, conozco el notario y el número de protocolo'),
          v(6310, 'No, necesito que localicéis la escritura'),
        ],
      },
      {
        option_id: 2304,
        title: 'Nombre del notario',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1655, '4324')],
      },
      {
        option_id: 2305,
        title: 'Número de protocolo',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1655, '4324')],
      },
      { option_id: 2306, title: 'Fecha de la escritura', type: 'date', previous_steps: [eq(1655, '4324')] },
      {
        option_id: 1653,
        title: 'Nombre y apellidos de los firmantes',
        type: 'field',
        is_require: '1',
        help: 'Comprador, vendedor, prestatario, causante... al menos uno.',
        previous_steps: [eq(1655, '6310')],
      },
      {
        option_id: 1654,
        title: 'Dirección del inmueble (si la escritura trata de un inmueble)',
        type: 'field',
        previous_steps: [eq(1655, '6310')],
      },
      {
        option_id: 1699,
        title: 'Fecha aproximada de la firma',
        type: 'date',
        is_require: '1',
        help: 'Si no recuerdas el día, indica el 1 de enero del año aproximado.',
        previous_steps: [eq(1655, '6310')],
      },
      {
        option_id: 1660,
        title: 'Alcance de la búsqueda',
        type: 'radio',
        is_require: '1',
        previous_steps: [eq(1655, '6310')],
        previous_steps_default: '6311',
        opt_values: [
          v(6311, 'En las notarías del municipio (incluida)'),
          v(6312, 'Ampliada al Archivo de Protocolos del distrito', 1500),
        ],
      },
      {
        option_id: 2307,
        title: 'La escritura puede tener más de 100 años: ¿buscamos en el Archivo Histórico Provincial?',
        type: 'radio',
        is_require: '1',
        default: '6313',
        previous_steps: [eq(1655, '6310'), before(1699, '01/01/1926')],
        opt_values: [v(6313, 'No'), v(6314, 'Sí, buscar en el Archivo Histórico', 2500)],
      },
      { option_id: 2308, title: 'Observaciones', type: 'area' },
    ],
    related_product: [{ product_id: 15867, name: 'Nota Simple actualizada del inmueble', price: 2076 }],
    related_conditions: [eq(2301, ['6301', '6302', '6303', '6304'])],
    questions_on_confirm: [
      {
        option_id: 2309,
        title: '¿Cuál es tu relación con la escritura?',
        type: 'drop_down',
        is_require: '1',
        help: 'La copia autorizada solo se expide a quien tiene interés legítimo.',
        previous_steps: [eq(2302, '6309')],
        opt_values: [
          v(6315, 'Soy uno de los firmantes'),
          v(6316, 'Soy heredero de un firmante'),
          v(6317, 'Represento a un firmante'),
          v(6318, 'Otro interés legítimo'),
        ],
      },
    ],
  },
};

const WILLS_STORES = [...REGISTRY_SITES, GENERIC_STORE];

export const willCopy: CatalogueProduct = {
  kind: 'generic',
  stores: WILLS_STORES,
  visible: true,
  visibleOnServices: WILLS_STORES,
  editable: true,
  definition: {
    product_id: 18480,
    name: 'Copia de testamento',
    short_name: 'Copia de testamento',
    description:
      'Copia autorizada del último testamento de una persona fallecida, solicitada a la notaría que lo autorizó. Necesaria para aceptar la herencia.',
    price: 5900,
    options: [
      { option_id: 2321, title: 'Nombre y apellidos del fallecido', type: 'field', is_require: '1' },
      { option_id: 2322, title: 'DNI del fallecido', type: 'field' },
      { option_id: 2323, title: 'Fecha de fallecimiento', type: 'date', is_require: '1' },
      {
        option_id: 2324,
        title: '¿Tienes el certificado de últimas voluntades?',
        type: 'radio',
        is_require: '1',
        opt_values: [v(6321, 'Sí, lo adjunto'), v(6322, 'No, solicitadlo vosotros', 2490)],
      },
      {
        option_id: 2325,
        title: 'Certificado de últimas voluntades (PDF)',
        type: 'file',
        is_require: '1',
        previous_steps: [eq(2324, '6321')],
      },
      {
        option_id: 2326,
        title: 'Notario que autorizó el último testamento',
        type: 'field',
        previous_steps: [eq(2324, '6321')],
      },
      { option_id: 2327, title: 'Certificado de defunción (PDF)', type: 'file', is_require: '1' },
      {
        option_id: 2328,
        title: 'Tu relación con el fallecido',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6323, 'Heredero o heredera'),
          v(6324, 'Legatario o legataria'),
          v(6325, 'Hijo o hija'),
          v(6326, 'Cónyuge'),
          v(6327, 'Otro interés legítimo'),
        ],
      },
    ],
  },
};

/** 18370 (no meaning in the spec): certificate of the Registro General de Actos de Última Voluntad. */
export const lastWillsCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: [...WILLS_STORES, BIRTH_CERTIFICATE_STORE],
  visible: true,
  visibleOnServices: WILLS_STORES,
  editable: true,
  definition: {
    product_id: 18370,
    name: 'Certificado de últimas voluntades',
    short_name: 'Últimas voluntades',
    description:
      'Certificado del Registro General de Actos de Última Voluntad: indica si la persona fallecida hizo testamento y ante qué notario.',
    price: 2490,
    official_fee: 386,
    options: [
      { option_id: 2341, title: 'Nombre y apellidos del fallecido', type: 'field', is_require: '1' },
      { option_id: 2342, title: 'DNI / NIE del fallecido', type: 'field' },
      {
        option_id: 2343,
        title: 'Fecha de fallecimiento',
        type: 'date',
        is_require: '1',
        help: 'Deben haber pasado 15 días hábiles desde el fallecimiento.',
      },
      { option_id: 2344, title: 'Lugar de fallecimiento', type: 'municipio_ce', is_require: '1' },
      { option_id: 2345, title: 'Fecha de nacimiento del fallecido', type: 'date' },
      { option_id: 2346, title: 'Nombre del padre del fallecido', type: 'field' },
      { option_id: 2347, title: 'Nombre de la madre del fallecido', type: 'field' },
      { option_id: 2348, title: 'Certificado literal de defunción (PDF)', type: 'file', is_require: '1' },
    ],
  },
};

export const notarialProducts = [deedCopy, willCopy, lastWillsCertificate];
