import { type CatalogueProduct, COMMERCIAL_INFO, eq, GENERIC_STORE, MAIN_SHOP, v } from './types.ts';

/** Spanish commercial registry (Registro Mercantil) documents. Option ids 22xx, value ids 62xx. */

const STORES = [MAIN_SHOP, COMMERCIAL_INFO, GENERIC_STORE];

function commercial(definition: CatalogueProduct['definition']): CatalogueProduct {
  return {
    kind: 'generic',
    stores: STORES,
    visible: true,
    visibleOnServices: STORES,
    editable: true,
    definition,
  };
}

const delivery = (optionId: number, first: number) => ({
  option_id: optionId,
  title: 'Formato de entrega',
  type: 'radio' as const,
  is_require: '1' as const,
  default: String(first),
  opt_values: [
    v(first, 'Electrónica con firma digital (PDF)'),
    v(first + 1, 'En papel, por mensajería', 900),
  ],
});

export const commercialCertificate = commercial({
  product_id: 18391,
  name: 'Certificación del Registro Mercantil',
  short_name: 'Certificación mercantil',
  description:
    'Certificación con valor legal del Registro Mercantil sobre una sociedad: hoja registral, vigencia de cargos, cuentas depositadas o situación de la sociedad.',
  price: 3490,
  options: [
    {
      option_id: 2201,
      title: 'Sociedad',
      type: 'sociedad',
      is_require: '1',
      placeholder: 'Denominación social o CIF',
    },
    {
      option_id: 2202,
      title: 'Tipo de certificación',
      type: 'drop_down',
      is_require: '1',
      opt_values: [
        v(6201, 'Literal de la hoja registral', 1500),
        v(6202, 'De vigencia de cargos'),
        v(6203, 'De depósito de cuentas anuales'),
        v(6204, 'De situación (no disuelta ni en concurso)'),
      ],
    },
    {
      option_id: 2203,
      title: 'Ejercicio de las cuentas',
      type: 'field',
      is_require: '1',
      placeholder: 'Ej.: 2024',
      previous_steps: [eq(2202, '6203')],
    },
    delivery(2204, 6205),
  ],
});

export const commercialSimpleNote = commercial({
  product_id: 18395,
  name: 'Nota simple mercantil',
  short_name: 'Nota simple mercantil',
  description:
    'Nota informativa del Registro Mercantil: domicilio, objeto social, capital, administradores y apoderados vigentes de una sociedad.',
  price: 1490,
  options: [
    {
      option_id: 2211,
      title: 'Sociedad',
      type: 'sociedad',
      is_require: '1',
      placeholder: 'Denominación social o CIF',
    },
    {
      option_id: 2212,
      title: 'Contenido',
      type: 'radio',
      is_require: '1',
      default: '6211',
      opt_values: [
        v(6211, 'Datos generales, administradores y capital'),
        v(6212, 'Completa, con el histórico de actos inscritos', 500),
      ],
    },
  ],
});

export const companyStatutes = commercial({
  product_id: 17558,
  name: 'Estatutos de una sociedad',
  short_name: 'Estatutos sociales',
  description: 'Copia de los estatutos sociales de una sociedad depositados en el Registro Mercantil.',
  price: 2490,
  options: [
    {
      option_id: 2221,
      title: 'Sociedad',
      type: 'sociedad',
      is_require: '1',
      placeholder: 'Denominación social o CIF',
    },
    {
      option_id: 2222,
      title: 'Versión de los estatutos',
      type: 'radio',
      is_require: '1',
      default: '6221',
      opt_values: [v(6221, 'Estatutos vigentes'), v(6222, 'Estatutos fundacionales')],
    },
    { option_id: 2223, title: 'Observaciones', type: 'area' },
  ],
});

export const positionsLocator = commercial({
  product_id: 17563,
  name: 'Localizador de cargos',
  short_name: 'Localizador de cargos',
  description:
    'Informe de las sociedades en las que una persona es o ha sido administrador, consejero o apoderado, según el Registro Mercantil.',
  price: 1990,
  options: [
    { option_id: 2231, title: 'Nombre y apellidos de la persona', type: 'field', is_require: '1' },
    {
      option_id: 2232,
      title: 'DNI / NIE',
      type: 'field',
      help: 'Evita confusiones con personas del mismo nombre.',
    },
    {
      option_id: 2233,
      title: 'Cargos a buscar',
      type: 'radio',
      is_require: '1',
      default: '6231',
      opt_values: [v(6231, 'Solo cargos vigentes'), v(6232, 'Cargos vigentes e históricos', 500)],
    },
  ],
});

export const negativeNameCertificate = commercial({
  product_id: 15865,
  name: 'Certificación negativa de denominación social',
  short_name: 'Certificación negativa',
  description:
    'Reserva del nombre de tu nueva sociedad en el Registro Mercantil Central: necesaria para constituirla ante notario. Indica hasta cinco nombres por orden de preferencia.',
  price: 4900,
  options: [
    { option_id: 2241, title: 'Denominación propuesta (1.ª opción)', type: 'field', is_require: '1' },
    { option_id: 2242, title: 'Denominación propuesta (2.ª opción)', type: 'field' },
    { option_id: 2243, title: 'Denominación propuesta (3.ª opción)', type: 'field' },
    { option_id: 2244, title: 'Denominación propuesta (4.ª opción)', type: 'field' },
    { option_id: 2245, title: 'Denominación propuesta (5.ª opción)', type: 'field' },
    {
      option_id: 2246,
      title: 'Tipo de sociedad',
      type: 'drop_down',
      is_require: '1',
      default: '6241',
      opt_values: [
        v(6241, 'Sociedad Limitada (S.L.)'),
        v(6242, 'Sociedad Anónima (S.A.)'),
        v(6243, 'Sociedad Limitada Nueva Empresa (S.L.N.E.)'),
        v(6244, 'Sociedad Cooperativa'),
      ],
    },
    { option_id: 2247, title: 'Nombre y apellidos del socio solicitante', type: 'field', is_require: '1' },
    { option_id: 2248, title: 'DNI / NIE del socio solicitante', type: 'field', is_require: '1' },
    {
      option_id: 2249,
      title: 'Plazo',
      type: 'radio',
      is_require: '1',
      default: '6245',
      opt_values: [v(6245, 'Normal: de 3 a 5 días hábiles'), v(6246, 'Urgente: 24-48 horas', 2000)],
    },
  ],
});

export const commercialRegistryProducts = [
  commercialCertificate,
  commercialSimpleNote,
  companyStatutes,
  positionsLocator,
  negativeNameCertificate,
];
