import { type CatalogueProduct, eq, GENERIC_STORE, PROPERTY_STORES, REGISTRY_SITES, v } from './types.ts';

/** Property registry and cadastre documents (Spanish). Option ids 21xx, value ids 61xx. */

const legitimateInterest = (optionId: number, firstValue: number) => ({
  option_id: optionId,
  title: 'Motivo de la solicitud (interés legítimo)',
  type: 'drop_down' as const,
  is_require: '1' as const,
  help: 'El Registro exige conocer la finalidad de la consulta.',
  opt_values: [
    v(firstValue, 'Compraventa o alquiler'),
    v(firstValue + 1, 'Préstamo o hipoteca'),
    v(firstValue + 2, 'Procedimiento judicial o administrativo'),
    v(firstValue + 3, 'Herencia'),
    v(firstValue + 4, 'Investigación jurídica o económica'),
  ],
});

export const registryCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: PROPERTY_STORES,
  visible: true,
  visibleOnServices: PROPERTY_STORES,
  editable: true,
  definition: {
    product_id: 17564,
    name: 'Certificación registral',
    short_name: 'Certificación registral',
    description:
      'Certificación del Registro de la Propiedad con valor legal (a diferencia de la nota simple): dominio, cargas o historial de la finca, firmada por el registrador.',
    price: 4900,
    official_fee: 2909,
    options: [
      {
        option_id: 2101,
        title: 'Tipo de certificación',
        type: 'drop_down',
        is_require: '1',
        default: '6101',
        opt_values: [
          v(6101, 'De dominio y cargas'),
          v(6102, 'De titularidad (solo dominio)'),
          v(6103, 'Literal de la finca', 1500),
        ],
      },
      { option_id: 2102, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
      { option_id: 2103, title: 'Dirección del inmueble', type: 'field', is_require: '1' },
      {
        option_id: 2104,
        title: '¿Conoces el número de finca registral?',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(6104, 'Sí, conozco el Registro y el número de finca'),
          v(6105, 'No, solo la dirección'),
        ],
      },
      {
        option_id: 2105,
        title: 'Registro de la Propiedad',
        type: 'field',
        is_require: '1',
        placeholder: 'Ej.: Registro de la Propiedad de Madrid n.º 28',
        previous_steps: [eq(2104, '6104')],
      },
      {
        option_id: 2106,
        title: 'Número de finca registral',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2104, '6104')],
      },
      { option_id: 2107, title: 'Titular actual (si lo conoces)', type: 'field' },
      legitimateInterest(2108, 6106),
      {
        option_id: 2109,
        title: 'Formato de entrega',
        type: 'radio',
        is_require: '1',
        default: '6111',
        opt_values: [
          v(6111, 'Electrónica con firma digital (PDF)'),
          v(6112, 'En papel, por mensajería', 900),
        ],
      },
    ],
  },
};

export const registryFolio: CatalogueProduct = {
  kind: 'generic',
  stores: [...REGISTRY_SITES, GENERIC_STORE],
  visible: true,
  visibleOnServices: [...REGISTRY_SITES, GENERIC_STORE],
  editable: true,
  definition: {
    product_id: 18416,
    name: 'Solicitud de folio registral',
    short_name: 'Folio registral',
    description:
      'Copia del folio real de la finca en el Registro de la Propiedad: todas las inscripciones y anotaciones, vigentes o desde la fecha que indiques.',
    price: 3490,
    options: [
      { option_id: 2121, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
      { option_id: 2122, title: 'Registro de la Propiedad', type: 'field', is_require: '1' },
      { option_id: 2123, title: 'Número de finca registral', type: 'field', is_require: '1' },
      { option_id: 2124, title: 'IDUFIR / CRU (opcional)', type: 'field', placeholder: '14 dígitos' },
      {
        option_id: 2125,
        title: 'Alcance',
        type: 'radio',
        is_require: '1',
        default: '6121',
        opt_values: [
          v(6121, 'Folio vigente (inscripciones en vigor)'),
          v(6122, 'Historial completo desde la inmatriculación', 2000),
        ],
      },
      {
        option_id: 2126,
        title: 'Desde la fecha (opcional)',
        type: 'date',
        help: 'Deja la fecha en blanco para recibir el historial completo.',
        previous_steps: [eq(2125, '6122')],
      },
      legitimateInterest(2127, 6123),
    ],
  },
};

export const propertyLocator: CatalogueProduct = {
  kind: 'generic',
  stores: [...REGISTRY_SITES, GENERIC_STORE],
  visible: true,
  visibleOnServices: [GENERIC_STORE],
  editable: true,
  definition: {
    product_id: 17492,
    name: 'Localizador de propiedades',
    short_name: 'Localizador',
    description:
      'Servicio de búsqueda de inmuebles a nombre de una persona o empresa en toda España o en un municipio. Cada inmueble localizado se añade a tu pedido con su nota simple (20,76 €).',
    price: 1490,
    options: [
      {
        option_id: 2131,
        title: '¿A quién buscamos?',
        type: 'radio',
        is_require: '1',
        opt_values: [v(6131, 'A una persona'), v(6132, 'A una empresa')],
      },
      {
        option_id: 2132,
        title: 'Nombre y apellidos',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2131, '6131')],
      },
      { option_id: 2133, title: 'DNI / NIE', type: 'field', previous_steps: [eq(2131, '6131')] },
      {
        option_id: 2134,
        title: 'Empresa',
        type: 'sociedad',
        is_require: '1',
        previous_steps: [eq(2131, '6132')],
      },
      {
        option_id: 2135,
        title: 'Ámbito de la búsqueda',
        type: 'radio',
        is_require: '1',
        default: '6133',
        opt_values: [v(6133, 'Toda España'), v(6134, 'Un municipio concreto')],
      },
      {
        option_id: 2136,
        title: 'Municipio',
        type: 'municipio',
        is_require: '1',
        previous_steps: [eq(2135, '6134')],
      },
      legitimateInterest(2137, 6135),
    ],
  },
};

export const cadastralCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: PROPERTY_STORES,
  visible: true,
  visibleOnServices: PROPERTY_STORES,
  editable: true,
  definition: {
    product_id: 16707,
    name: 'Certificado catastral',
    short_name: 'Certificado catastral',
    description:
      'Certificado de la Dirección General del Catastro con los datos descriptivos y gráficos del inmueble (superficie, uso, año de construcción, valor catastral y plano).',
    price: 1990,
    options: [
      {
        option_id: 2141,
        title: 'Tipo de certificado',
        type: 'drop_down',
        is_require: '1',
        default: '6141',
        opt_values: [
          v(6141, 'Descriptivo y gráfico'),
          v(6142, 'De titularidad (bienes de una persona)'),
          v(6143, 'Negativo (no constan bienes)'),
        ],
      },
      {
        option_id: 2142,
        title: 'Buscar el inmueble por',
        type: 'radio',
        is_require: '1',
        opt_values: [v(6144, 'Referencia catastral'), v(6145, 'Dirección'), v(6146, 'Titular')],
      },
      {
        option_id: 2143,
        title: 'Referencia catastral',
        type: 'field',
        is_require: '1',
        placeholder: '20 caracteres, p. ej. 9872023VH5797S0001WX',
        previous_steps: [eq(2142, '6144')],
      },
      {
        option_id: 2144,
        title: 'Municipio',
        type: 'municipio',
        is_require: '1',
        previous_steps: [eq(2142, ['6145', '6146'])],
      },
      {
        option_id: 2145,
        title: 'Dirección',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2142, '6145')],
      },
      {
        option_id: 2146,
        title: 'Nombre y apellidos del titular',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2142, '6146')],
      },
      {
        option_id: 2147,
        title: 'DNI / NIE del titular',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2142, '6146')],
      },
    ],
  },
};

export const communityStatutes: CatalogueProduct = {
  kind: 'generic',
  stores: [...REGISTRY_SITES, GENERIC_STORE],
  visible: true,
  visibleOnServices: [...REGISTRY_SITES, GENERIC_STORE],
  editable: true,
  definition: {
    product_id: 18456,
    name: 'Copia de los estatutos de la comunidad de propietarios',
    short_name: 'Estatutos de la comunidad',
    description:
      'Copia de los estatutos de la comunidad de propietarios inscritos en el Registro de la Propiedad junto con la división horizontal del edificio.',
    price: 2900,
    options: [
      { option_id: 2151, title: 'Municipio del edificio', type: 'municipio', is_require: '1' },
      {
        option_id: 2152,
        title: 'Dirección del edificio',
        type: 'field',
        is_require: '1',
        placeholder: 'Calle y número',
      },
      { option_id: 2153, title: 'Registro de la Propiedad (si lo conoces)', type: 'field' },
      { option_id: 2154, title: 'Número de finca matriz (si lo conoces)', type: 'field' },
      {
        option_id: 2155,
        title: '¿Qué necesitas?',
        type: 'radio',
        is_require: '1',
        default: '6151',
        opt_values: [
          v(6151, 'Solo los estatutos'),
          v(6152, 'Estatutos y cuotas de participación de cada vivienda', 900),
        ],
      },
    ],
  },
};

export const propertyRegistryProducts = [
  registryCertificate,
  registryFolio,
  propertyLocator,
  cadastralCertificate,
  communityStatutes,
];
