import { type CatalogueProduct, eq, PORTUGUESE_STORES, v } from './types.ts';

/** Portuguese auto products (options in Portuguese). Option ids 28xx, value ids 68xx. */

export const commercialPermanentCertificate: CatalogueProduct = {
  kind: 'generic',
  stores: PORTUGUESE_STORES,
  visible: true,
  visibleOnServices: PORTUGUESE_STORES,
  editable: true,
  definition: {
    product_id: 18469,
    name: 'Certidão Permanente Comercial',
    short_name: 'Certidão Comercial',
    description:
      'Código de acesso à certidão permanente do registo comercial de uma empresa: sede, objeto, capital, órgãos sociais e atos registados.',
    price: 3490,
    official_fee: 2500,
    options: [
      {
        option_id: 2801,
        title: 'Empresa',
        type: 'sociedad',
        is_require: '1',
        placeholder: 'Denominação ou NIPC',
      },
      { option_id: 2802, title: 'NIPC', type: 'field', placeholder: '9 dígitos' },
      {
        option_id: 2803,
        title: 'Validade do código de acesso',
        type: 'radio',
        is_require: '1',
        default: '6801',
        opt_values: [v(6801, '1 ano'), v(6802, '2 anos', 1500), v(6803, '3 anos', 2500)],
      },
    ],
  },
};

export const trademarkPortugal: CatalogueProduct = {
  kind: 'generic',
  stores: PORTUGUESE_STORES,
  visible: true,
  visibleOnServices: PORTUGUESE_STORES,
  editable: true,
  definition: {
    product_id: 18486,
    name: 'Registo de marca em Portugal',
    short_name: 'Registo de marca',
    description:
      'Pedido de registo da sua marca nacional no INPI, com acompanhamento até à concessão. Inclui a taxa do INPI para uma classe.',
    price: 24900,
    official_fee: 12597,
    options: [
      { option_id: 2811, title: 'Nome da marca', type: 'field', is_require: '1' },
      {
        option_id: 2812,
        title: 'Tipo de marca',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(6811, 'Nominativa (apenas texto)'),
          v(6812, 'Figurativa (apenas logótipo)'),
          v(6813, 'Mista (texto e logótipo)'),
        ],
      },
      {
        option_id: 2813,
        title: 'Logótipo (PDF)',
        type: 'file',
        is_require: '1',
        previous_steps: [eq(2812, ['6812', '6813'])],
      },
      {
        option_id: 2814,
        title: 'Número de classes de Nice',
        type: 'drop_down',
        is_require: '1',
        default: '6814',
        opt_values: [v(6814, '1 classe'), v(6815, '2 classes', 4500), v(6816, '3 classes', 9000)],
      },
      { option_id: 2815, title: 'Produtos e serviços a proteger', type: 'area', is_require: '1' },
      {
        option_id: 2816,
        title: 'Requerente',
        type: 'radio',
        is_require: '1',
        opt_values: [v(6817, 'Pessoa singular'), v(6818, 'Empresa')],
      },
      {
        option_id: 2817,
        title: 'Nome completo',
        type: 'field',
        is_require: '1',
        previous_steps: [eq(2816, '6817')],
      },
      {
        option_id: 2818,
        title: 'Empresa',
        type: 'sociedad',
        is_require: '1',
        previous_steps: [eq(2816, '6818')],
      },
      { option_id: 2819, title: 'NIF / NIPC', type: 'field', is_require: '1' },
      {
        option_id: 2820,
        title: 'Pesquisa de anterioridades',
        type: 'radio',
        is_require: '1',
        default: '6819',
        opt_values: [v(6819, 'Não'), v(6820, 'Sim, fazer pesquisa prévia', 4900)],
      },
    ],
  },
};

export const portugueseProducts = [commercialPermanentCertificate, trademarkPortugal];
