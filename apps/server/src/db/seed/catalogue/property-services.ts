import { before, type CatalogueProduct, eq, PROPERTY_STORES, v } from './types.ts';

/** Property paperwork done by our technicians and agents (Spanish). Option ids 24xx, value ids 64xx. */

function service(definition: CatalogueProduct['definition']): CatalogueProduct {
  return {
    kind: 'generic',
    stores: PROPERTY_STORES,
    visible: true,
    visibleOnServices: PROPERTY_STORES,
    editable: true,
    definition,
  };
}

/** 18464: its radio_button option (2401) is shown as a radio in the edit dialog (spec 5). */
export const energyCertificate = service({
  product_id: 18464,
  name: 'Certificado energético',
  short_name: 'Certificado energético',
  description:
    'Certificado de eficiencia energética firmado por un técnico competente, con visita al inmueble y registro en el organismo de tu comunidad autónoma. Obligatorio para vender o alquilar.',
  price: 9900,
  options: [
    {
      option_id: 2401,
      title: 'Tipo de inmueble',
      type: 'radio_button',
      is_require: '1',
      opt_values: [
        v(6401, 'Piso o apartamento'),
        v(6402, 'Casa o chalet', 3000),
        v(6403, 'Local comercial', 2000),
        v(6404, 'Oficina', 2000),
      ],
    },
    {
      option_id: 2402,
      title: 'Superficie construida',
      type: 'drop_down',
      is_require: '1',
      opt_values: [
        v(6405, 'Hasta 90 m²'),
        v(6406, 'De 91 a 150 m²', 2000),
        v(6407, 'De 151 a 300 m²', 5000),
        v(6408, 'Más de 300 m²', 9000),
      ],
    },
    { option_id: 2403, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
    {
      option_id: 2404,
      title: 'Dirección completa',
      type: 'field',
      is_require: '1',
      placeholder: 'Calle, número, piso y puerta',
    },
    {
      option_id: 2405,
      title: 'Referencia catastral (opcional)',
      type: 'field',
      placeholder: '20 caracteres',
    },
    {
      option_id: 2406,
      title: '¿Para qué lo necesitas?',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6409, 'Venta'), v(6410, 'Alquiler'), v(6411, 'Ayudas o reforma')],
    },
    { option_id: 2407, title: 'Fecha preferida para la visita del técnico', type: 'date' },
    { option_id: 2408, title: 'Persona de contacto para la visita', type: 'field', is_require: '1' },
    { option_id: 2409, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
  ],
});

export const habitabilityCertificate = service({
  product_id: 18471,
  name: 'Cédula de habitabilidad',
  short_name: 'Cédula de habitabilidad',
  description:
    'Tramitación de la cédula de habitabilidad (o licencia de primera ocupación) con visita de un técnico: necesaria para contratar suministros, vender o alquilar en las comunidades que la exigen.',
  price: 14900,
  options: [
    {
      option_id: 2421,
      title: 'Tipo de cédula',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6421, 'Primera ocupación (obra nueva)'), v(6422, 'Segunda ocupación (renovación)')],
    },
    {
      option_id: 2422,
      title: 'Fecha del certificado de final de obra',
      type: 'date',
      is_require: '1',
      previous_steps: [eq(2421, '6421')],
    },
    {
      option_id: 2423,
      title: 'Fecha de la cédula anterior (si la conoces)',
      type: 'date',
      previous_steps: [eq(2421, '6422')],
    },
    { option_id: 2424, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
    { option_id: 2425, title: 'Dirección completa', type: 'field', is_require: '1' },
    {
      option_id: 2426,
      title: 'Superficie útil',
      type: 'drop_down',
      is_require: '1',
      opt_values: [v(6423, 'Hasta 90 m²'), v(6424, 'De 91 a 150 m²', 3000), v(6425, 'Más de 150 m²', 6000)],
    },
    { option_id: 2427, title: 'Referencia catastral (opcional)', type: 'field' },
    {
      option_id: 2428,
      title: 'Teléfono de contacto para la visita',
      type: 'field',
      is_require: '1',
      format: 'phone',
    },
  ],
});

/** 18379: change of owner in the Catastro (declaración de alteración catastral). */
export const ownerChange = service({
  product_id: 18379,
  name: 'Cambio de titular en el Catastro',
  short_name: 'Cambio de titular',
  description:
    'Presentamos la declaración de cambio de titularidad del inmueble en el Catastro para que el IBI y los recibos lleguen al nuevo propietario.',
  price: 3900,
  options: [
    { option_id: 2441, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
    { option_id: 2442, title: 'Dirección del inmueble', type: 'field', is_require: '1' },
    {
      option_id: 2443,
      title: 'Referencia catastral',
      type: 'field',
      is_require: '1',
      placeholder: '20 caracteres',
    },
    {
      option_id: 2444,
      title: 'Motivo del cambio',
      type: 'drop_down',
      is_require: '1',
      opt_values: [
        v(6441, 'Compraventa'),
        v(6442, 'Herencia'),
        v(6443, 'Donación'),
        v(6444, 'Divorcio o liquidación de gananciales'),
      ],
    },
    { option_id: 2445, title: 'Fecha de la escritura', type: 'date', is_require: '1' },
    { option_id: 2446, title: 'Nuevo titular: nombre y apellidos', type: 'field', is_require: '1' },
    { option_id: 2447, title: 'Nuevo titular: DNI / NIE', type: 'field', is_require: '1' },
    { option_id: 2448, title: 'Escritura (PDF)', type: 'file', is_require: '1' },
  ],
});

/** 18498: the paperwork a seller needs to sell a flat. */
export const flatSale = service({
  product_id: 18498,
  name: 'Documentación para vender tu piso',
  short_name: 'Venta de piso',
  description:
    'Reunimos los documentos para vender tu vivienda: nota simple, certificado energético y, en el pack completo, cédula de habitabilidad y certificado de deudas de la comunidad.',
  price: 14900,
  options: [
    {
      option_id: 2461,
      title: 'Pack',
      type: 'radio',
      is_require: '1',
      default: '6461',
      opt_values: [
        v(6461, 'Básico: nota simple y certificado energético'),
        v(6462, 'Completo: además cédula de habitabilidad y certificado de la comunidad', 9000),
      ],
    },
    { option_id: 2462, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
    { option_id: 2463, title: 'Dirección completa', type: 'field', is_require: '1' },
    { option_id: 2464, title: 'Titular o titulares', type: 'field', is_require: '1' },
    {
      option_id: 2465,
      title: '¿La vivienda tiene una hipoteca pendiente?',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6463, 'Sí'), v(6464, 'No')],
    },
    {
      option_id: 2466,
      title: 'Entidad bancaria',
      type: 'field',
      is_require: '1',
      previous_steps: [eq(2465, '6463')],
    },
    { option_id: 2467, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
  ],
  questions_on_confirm: [
    {
      option_id: 2468,
      title: '¿Quieres que te enviemos presupuesto para cancelar la hipoteca en el Registro?',
      type: 'radio',
      is_require: '1',
      previous_steps: [eq(2465, '6463')],
      opt_values: [v(6465, 'Sí, enviadme presupuesto'), v(6466, 'No, gracias')],
    },
  ],
});

/**
 * 18346: registry cancellation of a paid-off mortgage. Early checkout ('and'):
 * a fully paid mortgage without the bank's zero-debt certificate is handled by a
 * case manager who calls the customer, so the rest of the form is skipped.
 */
export const mortgageCancellation = service({
  product_id: 18346,
  name: 'Cancelación de hipoteca',
  short_name: 'Cancelación de hipoteca',
  description:
    'Cancelamos en el Registro de la Propiedad la hipoteca que ya has pagado: certificado de deuda cero, escritura de cancelación, impuestos e inscripción.',
  price: 24900,
  options: [
    {
      option_id: 2481,
      title: '¿Has terminado de pagar la hipoteca?',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6481, 'Sí, está totalmente pagada'), v(6482, 'No, voy a amortizarla ahora')],
    },
    {
      option_id: 2482,
      title: '¿Tienes el certificado de deuda cero del banco?',
      type: 'radio',
      is_require: '1',
      opt_values: [v(6483, 'Sí, ya lo tengo'), v(6484, 'No, pedidlo vosotros')],
    },
    { option_id: 2483, title: 'Entidad bancaria', type: 'field', is_require: '1' },
    { option_id: 2484, title: 'Municipio del inmueble', type: 'municipio', is_require: '1' },
    { option_id: 2485, title: 'Dirección del inmueble', type: 'field', is_require: '1' },
    { option_id: 2486, title: 'Fecha de la escritura de hipoteca', type: 'date', is_require: '1' },
    {
      option_id: 2487,
      title:
        'Tu hipoteca es anterior a la Ley 5/2019: ¿revisamos si tenía cláusulas abusivas (gastos, suelo)?',
      type: 'radio',
      is_require: '1',
      default: '6486',
      previous_steps: [before(2486, '16/06/2019')],
      opt_values: [v(6485, 'Sí, revisadla sin coste'), v(6486, 'No, gracias')],
    },
    { option_id: 2488, title: 'Escritura de la hipoteca (PDF, opcional)', type: 'file' },
  ],
  conditions_to_earlycheckout: {
    type: 'and',
    options: [
      { option_id: 2481, value: '6481' },
      { option_id: 2482, value: '6484' },
    ],
    confirmationOptions: [
      { option_id: 2489, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
      {
        option_id: 2490,
        title: '¿Cuándo prefieres que te llamemos?',
        type: 'drop_down',
        is_require: '1',
        opt_values: [v(6487, 'Por la mañana (9-14 h)'), v(6488, 'Por la tarde (15-19 h)')],
      },
    ],
  },
});

export const propertyServiceProducts = [
  energyCertificate,
  habitabilityCertificate,
  ownerChange,
  flatSale,
  mortgageCancellation,
];
