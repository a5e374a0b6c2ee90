import {
  applyOptionRules,
  type CertificateForm,
  isOwnerUnknown,
  type NotaSimpleForm,
  OPTION_IDS,
  OPTION_VALUE_IDS,
  PRODUCT_IDS,
  type ProductDefinition,
  type PropertiesSearchForm,
  productPrice,
  type SimplifiedReportForm,
} from '@shop/domain';
import type { PreparedItem } from './generic-items.ts';
import { itemOptions } from './item-options.ts';
import { requesterOptions } from './requester-options.ts';

/** The four fixed wizards and their products (spec 3 "Product ids"). */
export const FIXED_KINDS = {
  ns: PRODUCT_IDS.notaSimple,
  qp: PRODUCT_IDS.propertiesSearch,
  certidao: PRODUCT_IDS.certidaoPermanente,
  ipredial: PRODUCT_IDS.informacaoPredial,
} as const;
export type FixedKind = keyof typeof FIXED_KINDS;

export type FixedForm = NotaSimpleForm | PropertiesSearchForm | CertificateForm | SimplifiedReportForm;

/** The option values our seed gives the choices the spec leaves unnumbered (catalogue/fixed.ts). */
const NS_STANDARD_DELIVERY = '5901';
const CERTIFICATE_MODE_FICHA = '5910';
const SIMPLIFIED_REPORT_STANDARD = '5920';
/** Properties search count choices -> option 1041 values (5930 all ... 5935 one). */
const PROPERTY_COUNT_VALUES: Record<PropertiesSearchForm['num_propiedades'], string> = {
  all: '5930',
  '50': '5931',
  '25': '5932',
  '10': '5933',
  '3': '5934',
  '1': '5935',
};

type Values = Record<number, string>;

function put(values: Values, optionId: number, value: string): void {
  if (value.trim() !== '') values[optionId] = value.trim();
}

/**
 * Nota Simple -> options 77 holder, 78 province, 79 municipality, 80 address,
 * 74 other data, 411 delivery. An unknown owner (blank or '...onocido') leaves 77
 * empty. Urgent (411 = 3782) when the customer chose the urgent service, in the
 * standard branch (servicio_urgente) or the slow-registry one (servicio_urgente_custom).
 */
export function notaSimpleValues(form: NotaSimpleForm): Values {
  const ids = OPTION_IDS.notaSimple;
  const values: Values = {};
  if (!isOwnerUnknown(form.nombre)) put(values, ids.holder, form.nombre);
  put(values, ids.province, form.provincia);
  put(values, ids.municipality, form.municipio);
  put(values, ids.address, form.direccion);
  put(values, ids.otherData, form.otros_datos);
  const urgent = form.servicio_urgente || form.servicio_urgente_custom;
  values[ids.urgent] = urgent ? OPTION_VALUE_IDS.notaSimpleUrgent : NS_STANDARD_DELIVERY;
  return values;
}

/** Properties search -> 1038 person or company name, 1040 DNI / NIE / CIF, 1041 number of properties. */
export function propertiesSearchValues(form: PropertiesSearchForm): Values {
  const ids = OPTION_IDS.propertiesSearch;
  const values: Values = {};
  put(values, ids.name, form.opcion_persona ? form.nombre_persona : form.nombre_empresa);
  put(values, ids.dni, form.dni.toUpperCase());
  values[ids.count] = PROPERTY_COUNT_VALUES[form.num_propiedades];
  return values;
}

/**
 * Certidão Permanente -> 1369 place, 1366 mode (3871 matricial, 3870 book, 5910
 * ficha) and the chosen mode's fields only: matricial 1353 type, 1352 article,
 * 1459 section; book 1362 number, 1361 book, 1360 sheets; ficha 1365. 1351 the
 * horizontal-property unit.
 */
export function certificateValues(form: CertificateForm): Values {
  const ids = OPTION_IDS.certificate;
  const values: Values = {};
  put(values, ids.place, form.distrito_concelho_freguesia);
  if (form.forma_identificar_matricial) {
    values[ids.mode] = OPTION_VALUE_IDS.certificateModeMatricial;
    values[ids.type] = form.tipo_rustica
      ? OPTION_VALUE_IDS.certificateTypeRural
      : OPTION_VALUE_IDS.certificateTypeUrban;
    put(values, ids.article, form.numero_artigo);
    put(values, ids.section, form.seccao);
  } else if (form.forma_identificar_livro) {
    values[ids.mode] = OPTION_VALUE_IDS.certificateModeBook;
    put(values, ids.bookNumber, form.num_livro);
    put(values, ids.book, form.livro);
    put(values, ids.sheets, form.folhas);
  } else {
    values[ids.mode] = CERTIFICATE_MODE_FICHA;
    put(values, ids.ficha, form.num_ficha);
  }
  if (form.prop_horizontal) put(values, ids.unit, form.prop_horizontal_fracao);
  return values;
}

/** Informação Predial Simplificada -> 1431 place, 1430 ficha, 1429 unit, 1427 delivery (3909 urgent). */
export function simplifiedReportValues(form: SimplifiedReportForm): Values {
  const ids = OPTION_IDS.simplifiedReport;
  const values: Values = {};
  put(values, ids.place, form.distrito_concelho_freguesia);
  if (form.tiene_numero) put(values, ids.ficha, form.num_ficha);
  if (form.prop_horizontal) put(values, ids.unit, form.prop_horizontal_fracao);
  values[ids.urgent] = form.urgente ? OPTION_VALUE_IDS.simplifiedReportUrgent : SIMPLIFIED_REPORT_STANDARD;
  return values;
}

/** The option values of a fixed form, by product. */
export function fixedFormValues(productId: number, form: FixedForm): Values {
  switch (productId) {
    case PRODUCT_IDS.notaSimple:
      return notaSimpleValues(form as NotaSimpleForm);
    case PRODUCT_IDS.propertiesSearch:
      return propertiesSearchValues(form as PropertiesSearchForm);
    case PRODUCT_IDS.certidaoPermanente:
      return certificateValues(form as CertificateForm);
    case PRODUCT_IDS.informacaoPredial:
      return simplifiedReportValues(form as SimplifiedReportForm);
    default:
      throw new Error(`product ${productId} has no fixed form`);
  }
}

/** Fixed form -> item: mapped to option ids, cleaned by the option rules, priced by the domain rule. */
export function prepareFixed(definition: ProductDefinition, form: FixedForm): PreparedItem {
  const values = applyOptionRules(definition, fixedFormValues(definition.product_id, form));
  return {
    options: [...itemOptions(definition, values), ...requesterOptions(definition.product_id, form)],
    priceCents: productPrice(definition, values),
    fileIds: [],
  };
}
