import { type CatalogueProduct, eq, GENERIC_STORE, MAIN_SHOP, NETHERLANDS, v } from './types.ts';

/** Immigration and social-security paperwork (Spanish). Option ids 27xx, value ids 67xx. */

const RESIDENCE_STORES = [MAIN_SHOP, NETHERLANDS, GENERIC_STORE];

export const residenceCardRenewal: CatalogueProduct = {
  kind: 'generic',
  stores: RESIDENCE_STORES,
  visible: true,
  visibleOnServices: RESIDENCE_STORES,
  editable: true,
  definition: {
    product_id: 18473,
    name: 'Renovación de la tarjeta de residencia',
    short_name: 'Renovación TIE',
    description:
      'Preparamos y presentamos la renovación de tu autorización de residencia y te conseguimos la cita para la toma de huellas de la nueva TIE.',
    price: 9900,
    options: [
      {
        option_id: 2701,
        title: 'Tipo de autorización',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6701, 'Residencia temporal y trabajo por cuenta ajena'),
          v(6702, 'Residencia temporal y trabajo por cuenta propia'),
          v(6703, 'Residencia de larga duración'),
          v(6704, 'Familiar de ciudadano de la Unión Europea'),
          v(6705, 'Estancia por estudios'),
        ],
      },
      { option_id: 2702, title: 'NIE', type: 'field', is_require: '1', placeholder: 'X0000000T' },
      { option_id: 2703, title: 'Nombre y apellidos', type: 'field', is_require: '1' },
      { option_id: 2704, title: 'Nacionalidad', type: 'field', is_require: '1' },
      {
        option_id: 2705,
        title: 'Fecha de caducidad de la tarjeta actual',
        type: 'date',
        is_require: '1',
        help: 'La renovación se pide en los 60 días anteriores a la caducidad o en los 90 días posteriores.',
      },
      { option_id: 2706, title: 'Municipio de residencia', type: 'municipio', is_require: '1' },
      { option_id: 2707, title: 'Pasaporte en vigor (PDF)', type: 'file', is_require: '1' },
      { option_id: 2708, title: 'Tarjeta actual por ambas caras (PDF)', type: 'file', is_require: '1' },
      {
        option_id: 2709,
        title: 'Cita para la toma de huellas',
        type: 'radio',
        is_require: '1',
        default: '6706',
        opt_values: [v(6706, 'Conseguidme la cita', 1500), v(6707, 'Ya tengo cita')],
      },
    ],
  },
};

/**
 * 18511: permanent incapacity claim. Early checkout ('or'): a customer whose
 * claim was refused or graded too low goes straight to a lawyer's call.
 */
export const permanentIncapacity: CatalogueProduct = {
  kind: 'generic',
  stores: [MAIN_SHOP, GENERIC_STORE],
  visible: true,
  visibleOnServices: [MAIN_SHOP, GENERIC_STORE],
  editable: true,
  definition: {
    product_id: 18511,
    name: 'Incapacidad permanente',
    short_name: 'Incapacidad permanente',
    description:
      'Un abogado laboralista estudia tu caso y tramita la solicitud de incapacidad permanente ante el INSS o la reclamación si te la han denegado.',
    price: 14900,
    options: [
      {
        option_id: 2721,
        title: '¿En qué situación estás?',
        type: 'radio',
        is_require: '1',
        opt_values: [
          v(6721, 'Aún no la he solicitado'),
          v(6722, 'El INSS me la ha denegado'),
          v(6723, 'Me han reconocido un grado inferior al que me corresponde'),
        ],
      },
      {
        option_id: 2722,
        title: 'Grado que solicitas',
        type: 'drop_down',
        is_require: '1',
        opt_values: [
          v(6724, 'Parcial'),
          v(6725, 'Total'),
          v(6726, 'Absoluta'),
          v(6727, 'Gran invalidez'),
          v(6728, 'No lo sé'),
        ],
      },
      {
        option_id: 2723,
        title: 'Fecha de la resolución del INSS',
        type: 'date',
        is_require: '1',
        previous_steps: [eq(2721, ['6722', '6723'])],
      },
      {
        option_id: 2724,
        title: 'Resolución del INSS (PDF)',
        type: 'file',
        is_require: '1',
        previous_steps: [eq(2721, ['6722', '6723'])],
      },
      { option_id: 2725, title: 'Profesión habitual', type: 'field', is_require: '1' },
      { option_id: 2726, title: 'Describe tu enfermedad o lesión', type: 'area', is_require: '1' },
      { option_id: 2727, title: 'Informes médicos (PDF)', type: 'file' },
      { option_id: 2728, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
    ],
    conditions_to_earlycheckout: {
      type: 'or',
      options: [
        { option_id: 2721, value: '6722' },
        { option_id: 2721, value: '6723' },
      ],
      confirmationOptions: [
        { option_id: 2729, title: 'Teléfono de contacto', type: 'field', is_require: '1', format: 'phone' },
        { option_id: 2730, title: 'Cuéntanos brevemente tu caso', type: 'area' },
      ],
    },
    questions_on_confirm: [
      {
        option_id: 2731,
        title: '¿Estás ahora de baja médica?',
        type: 'radio',
        is_require: '1',
        previous_steps: [eq(2721, '6721')],
        opt_values: [v(6729, 'Sí'), v(6730, 'No')],
      },
    ],
  },
};

export const legalServiceProducts = [residenceCardRenewal, permanentIncapacity];
