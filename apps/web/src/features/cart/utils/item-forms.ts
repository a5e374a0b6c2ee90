import {
  type CartItem,
  type CertificateForm,
  type NotaSimpleForm,
  OPTION_IDS,
  OPTION_VALUE_IDS,
  type SimplifiedReportForm,
} from '@shop/domain';
import { emptyForm } from '../../../shared/wizard/flow-forms.ts';

/**
 * A fixed product's form rebuilt from its cart item's options, the reverse of
 * the server's form -> options mapping (apps/server/src/modules/cart/fixed-items.ts),
 * so the edit dialog starts from what is in the cart, not from a wizard's storage.
 */
function optionValueOf(item: CartItem, optionId: number): string {
  return item.options.find((option) => option.option_id === optionId)?.value ?? '';
}

/** Nota Simple (15867): 77 holder, 78 province, 79 municipality, 80 address, 74 other data, 411 urgent. */
export function notaSimpleFormOf(item: CartItem): NotaSimpleForm {
  const ids = OPTION_IDS.notaSimple;
  const nombre = optionValueOf(item, ids.holder);
  return {
    ...emptyForm('nota-simple'),
    conoce_nombre_propietario: nombre !== '',
    nombre,
    provincia: optionValueOf(item, ids.province),
    municipio: optionValueOf(item, ids.municipality),
    direccion: optionValueOf(item, ids.address),
    otros_datos: optionValueOf(item, ids.otherData),
    servicio_urgente: optionValueOf(item, ids.urgent) === OPTION_VALUE_IDS.notaSimpleUrgent,
  };
}

/** Certidão Permanente (18414): the mode 1366 (3871 matricial, 3870 book, else ficha) and its fields. */
export function certificateFormOf(item: CartItem): CertificateForm {
  const ids = OPTION_IDS.certificate;
  const mode = optionValueOf(item, ids.mode);
  const type = optionValueOf(item, ids.type);
  const unit = optionValueOf(item, ids.unit);
  return {
    ...emptyForm('certidao-permanente'),
    distrito_concelho_freguesia: optionValueOf(item, ids.place),
    forma_identificar_matricial: mode === OPTION_VALUE_IDS.certificateModeMatricial,
    forma_identificar_livro: mode === OPTION_VALUE_IDS.certificateModeBook,
    forma_identificar_ficha:
      mode !== OPTION_VALUE_IDS.certificateModeMatricial && mode !== OPTION_VALUE_IDS.certificateModeBook,
    tipo_rustica: type === OPTION_VALUE_IDS.certificateTypeRural,
    tipo_urbana: type === OPTION_VALUE_IDS.certificateTypeUrban,
    numero_artigo: optionValueOf(item, ids.article),
    seccao: optionValueOf(item, ids.section),
    num_livro: optionValueOf(item, ids.bookNumber),
    livro: optionValueOf(item, ids.book),
    folhas: optionValueOf(item, ids.sheets),
    num_ficha: optionValueOf(item, ids.ficha),
    prop_horizontal: unit !== '',
    prop_horizontal_fracao: unit,
  };
}

/** Informação Predial Simplificada (18421): 1431 place, 1430 ficha, 1429 unit, 1427 urgent (3909). */
export function simplifiedReportFormOf(item: CartItem): SimplifiedReportForm {
  const ids = OPTION_IDS.simplifiedReport;
  const ficha = optionValueOf(item, ids.ficha);
  const unit = optionValueOf(item, ids.unit);
  return {
    ...emptyForm('i-predial-simplificada'),
    distrito_concelho_freguesia: optionValueOf(item, ids.place),
    tiene_numero: ficha !== '',
    num_ficha: ficha,
    prop_horizontal: unit !== '',
    prop_horizontal_fracao: unit,
    urgente: optionValueOf(item, ids.urgent) === OPTION_VALUE_IDS.simplifiedReportUrgent,
  };
}
