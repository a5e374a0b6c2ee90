import { type FixedFlow, storesListingFlow, storesSellingFlow } from '@shop/domain';
import { type CatalogueProduct, eq, v } from './types.ts';

/**
 * The four fixed products (own wizards). Option ids and the value ids 3782,
 * 3865, 3866, 3870, 3871 and 3909 are the spec's "Recognised option ids"; the
 * other value ids (59xx) are ours. Prices and official fees: DECISIONS.md "Money".
 * The stores that sell each one are the domain's rule (canEnterFlow), the same
 * one the storefront's header and wizard guards follow; the stores that list it
 * on the services screen are the domain's fixedServicesOf.
 */

/** Sold where the domain lets the store enter the wizard; listed where its services screen lists it. */
function soldBy(flow: FixedFlow) {
  return { stores: storesSellingFlow(flow), visibleOnServices: storesListingFlow(flow) };
}

export const notaSimple: CatalogueProduct = {
  kind: 'fixed',
  ...soldBy('nota-simple'),
  visible: true,
  editable: true,
  definition: {
    product_id: 15867,
    name: 'Nota Simple',
    short_name: 'Nota Simple',
    description:
      'Nota simple informativa del Registro de la Propiedad: titulares, descripción de la finca y cargas (hipotecas, embargos, servidumbres). La recibes por e-mail en PDF.',
    price: 2076,
    official_fee: 1091,
    options: [
      {
        option_id: 77,
        title: 'Titular del inmueble',
        type: 'field',
        placeholder: 'Nombre y apellidos o razón social',
        help: 'Si no conoces al titular puedes dejarlo en blanco.',
      },
      { option_id: 78, title: 'Provincia', type: 'field', is_require: '1' },
      { option_id: 79, title: 'Municipio', type: 'municipio', is_require: '1' },
      {
        option_id: 80,
        title: 'Dirección del inmueble',
        type: 'field',
        is_require: '1',
        placeholder: 'Calle, número, piso y puerta',
      },
      {
        option_id: 74,
        title: 'Datos registrales (opcional)',
        type: 'area',
        help: 'Número de finca, IDUFIR/CRU, referencia catastral o Registro de la Propiedad, si los conoces. Puedes dejarlo en blanco.',
      },
      {
        option_id: 411,
        title: 'Plazo de entrega',
        type: 'radio',
        is_require: '1',
        default: '5901',
        opt_values: [
          v(5901, 'Estándar: en 1 o 2 días laborables'),
          v(3782, 'Urgente: recibir hoy antes de 4 horas laborables', 990),
        ],
      },
    ],
    related_product: [{ product_id: 18357, name: 'Conocer todas las propiedades del titular', price: 1200 }],
  },
};

export const propertiesSearch: CatalogueProduct = {
  kind: 'fixed',
  ...soldBy('q-propiedades'),
  visible: true,
  editable: false,
  definition: {
    product_id: 18357,
    name: 'Conocer Propiedades de alguien',
    short_name: 'Conocer propiedades',
    description:
      'Búsqueda en el Índice de Titularidades de los Registros de la Propiedad de los inmuebles de una persona o empresa: 12 € por la búsqueda más 20,76 € por cada propiedad localizada, de la que recibes su nota simple.',
    price: 1200,
    options: [
      {
        option_id: 1038,
        title: 'Nombre y apellidos o razón social',
        type: 'field',
        is_require: '1',
        placeholder: 'Ej.: María García López o Inmuebles Ejemplo S.L.',
      },
      {
        option_id: 1040,
        title: 'DNI / NIE / CIF',
        type: 'field',
        help: 'Si lo conoces, la búsqueda es más precisa.',
      },
      {
        option_id: 1041,
        title: 'Número de propiedades a localizar',
        type: 'drop_down',
        is_require: '1',
        default: '5930',
        help: 'Cada propiedad localizada cuesta 20,76 € e incluye su nota simple.',
        opt_values: [
          v(5930, 'Todas las propiedades que tenga'),
          v(5931, 'Hasta 50 propiedades'),
          v(5932, 'Hasta 25 propiedades'),
          v(5933, 'Hasta 10 propiedades'),
          v(5934, 'Hasta 3 propiedades'),
          v(5935, '1 propiedad'),
        ],
      },
    ],
  },
};

export const certidaoPermanente: CatalogueProduct = {
  kind: 'fixed',
  ...soldBy('certidao-permanente'),
  visible: true,
  editable: true,
  definition: {
    product_id: 18414,
    name: 'Certidão Permanente',
    short_name: 'Certidão Permanente',
    description:
      'Certidão permanente do registo predial: descrição do prédio, titulares, ónus e encargos. Recebe o código de acesso por e-mail, válido durante 6 meses.',
    price: 2470,
    official_fee: 1500,
    options: [
      {
        option_id: 1369,
        title: 'Localização do prédio (distrito, concelho e freguesia)',
        type: 'freguesia',
        is_require: '1',
      },
      {
        option_id: 1366,
        title: 'Como deseja identificar o prédio?',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(3871, 'Informação matricial (artigo matricial)'),
          v(5910, 'Número de descrição em ficha'),
          v(3870, 'Número de descrição em livro'),
        ],
      },
      {
        option_id: 1353,
        title: 'Tipo de prédio',
        type: 'radio',
        is_require: '1',
        opt_values: [v(3865, 'Rústico'), v(3866, 'Urbano')],
        previous_steps: [eq(1366, '3871')],
      },
      {
        option_id: 1352,
        title: 'Número do artigo matricial',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1366, '3871')],
      },
      {
        option_id: 1459,
        title: 'Secção',
        type: 'field',
        help: 'Apenas para prédios rústicos com cadastro geométrico.',
        previous_steps: [eq(1366, '3871')],
      },
      {
        option_id: 1365,
        title: 'Número de descrição (ficha)',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1366, '5910')],
      },
      {
        option_id: 1362,
        title: 'Número de descrição no livro',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1366, '3870')],
      },
      { option_id: 1361, title: 'Livro', type: 'field', is_require: '1', previous_steps: [eq(1366, '3870')] },
      {
        option_id: 1360,
        title: 'Folhas',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(1366, '3870')],
      },
      {
        option_id: 1351,
        title: 'Fração autónoma (propriedade horizontal)',
        type: 'field',
        placeholder: 'Ex.: A, B, AB',
        help: 'Preencha apenas se o prédio estiver em propriedade horizontal.',
      },
    ],
  },
};

export const informacaoPredial: CatalogueProduct = {
  kind: 'fixed',
  ...soldBy('i-predial-simplificada'),
  visible: true,
  editable: true,
  definition: {
    product_id: 18421,
    name: 'Informação Predial Simplificada',
    short_name: 'Informação Predial',
    description:
      'Informação predial simplificada: resumo da descrição do prédio, dos titulares inscritos e dos encargos em vigor, enviado por e-mail.',
    price: 1100,
    official_fee: 100,
    options: [
      {
        option_id: 1431,
        title: 'Localização do prédio (distrito, concelho e freguesia)',
        type: 'freguesia',
        is_require: '1',
      },
      { option_id: 1430, title: 'Número de descrição (ficha)', type: 'field', is_require: '1' },
      {
        option_id: 1429,
        title: 'Fração autónoma (propriedade horizontal)',
        type: 'field',
        placeholder: 'Ex.: A, B, AB',
        help: 'Preencha apenas se o prédio estiver em propriedade horizontal.',
      },
      {
        option_id: 1427,
        title: 'Prazo de entrega',
        type: 'radio',
        is_require: '1',
        default: '5920',
        opt_values: [v(5920, 'Normal: até 1 dia útil'), v(3909, 'Urgente: em poucas horas', 500)],
      },
    ],
  },
};

export const fixedProducts = [notaSimple, propertiesSearch, certidaoPermanente, informacaoPredial];
