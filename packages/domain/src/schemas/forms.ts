import * as z from 'zod/mini';
import {
  isArticleNumber,
  isBookNumber,
  isDescriptionNumber,
  isSheets,
} from '../rules/certificate-identification.ts';
import { PRODUCT_IDS } from '../rules/products.ts';
import { isValidCif, isValidNie, isValidNif } from '../rules/tax-ids.ts';
import { flag, OriginIdSchema, optionalText, requiredText, text } from './fields.ts';
import { blank, everyObject, issue } from './form-checks.ts';
import { GenericFormSchema } from './generic-forms.ts';

/**
 * Requester identity and legitimate interest (DECISIONS.md "Things we add"):
 * optional in the payload; the Nota Simple and properties-search wizards ask them.
 */
const requesterShape = {
  solicitante_nombre: optionalText(200),
  solicitante_documento: optionalText(30),
  interes_legitimo: optionalText(500),
};

/** A delivery promise as an ISO instant, or null (none shown: the registry's hours are unknown). */
const promiseField = z._default(
  z.nullable(
    z.string().check(
      z.maxLength(40, { error: 'too_long' }),
      z.refine((v) => !Number.isNaN(Date.parse(v)), { error: 'invalid_date' }),
    ),
  ),
  null,
);

const notaSimpleShape = {
  quiere_una_ns: flag,
  conoce_nombre_propietario: flag,
  /** The holder; may be blank (spec 2 "Edit Nota Simple": blank owner may be left empty). */
  nombre: optionalText(200),
  direccion: requiredText(300),
  municipio: requiredText(120),
  provincia: requiredText(120),
  /** Optional land-registry data ('Datos registrales (opcional)'). */
  otros_datos: optionalText(1000),
  servicio_urgente: flag,
  servicio_urgente_custom: flag,
  /** The delivery hours of the custom urgent service (slow-registry branch). */
  servicio_urgente_custom_hours: z._default(z.nullable(z.int().check(z.gte(1), z.lte(720))), null),
  /** The delivery promise the step showed (ISO); the server keeps it when still true, else sets its own (ADR 034). */
  promesa_entrega: promiseField,
  ...requesterShape,
  step1: flag,
  step2: flag,
  step3: flag,
  step4: flag,
  step5: flag,
  step6: flag,
  step7: flag,
  step51: flag,
  step52: flag,
};

/** The data of a Nota Simple edit or update (updatepedidoNS): the fields the edit dialog shows. */
export const NotaSimpleDataSchema = z.object({
  nombre: notaSimpleShape.nombre,
  direccion: notaSimpleShape.direccion,
  municipio: notaSimpleShape.municipio,
  provincia: notaSimpleShape.provincia,
  otros_datos: notaSimpleShape.otros_datos,
});
export type NotaSimpleData = z.infer<typeof NotaSimpleDataSchema>;

/** Nota Simple form (spec 3); the owner name is required when the customer says they know it. */
export const NotaSimpleFormSchema = z.object(notaSimpleShape).check(
  z.superRefine((form, ctx) => {
    if (form.conoce_nombre_propietario === true && blank(form.nombre)) issue(ctx, 'nombre', 'required');
  }, everyObject),
);
export type NotaSimpleForm = z.infer<typeof NotaSimpleFormSchema>;

/** Property-count choices of the properties search (spec 3): all, 50, 25, 10, 3, 1. */
export const PROPERTY_COUNT_CHOICES = ['all', '50', '25', '10', '3', '1'] as const;

/**
 * Properties search form (spec 3). Exactly one of opcion_persona / opcion_empresa;
 * a person needs a name and a valid NIF or NIE in `dni`; a company needs a name and,
 * when `dni` is given, a valid CIF.
 */
export const PropertiesSearchFormSchema = z
  .object({
    nombre_persona: optionalText(200),
    dni: optionalText(20),
    nombre_empresa: optionalText(200),
    num_propiedades: z.enum(PROPERTY_COUNT_CHOICES, { error: 'invalid_option' }),
    opcion_persona: flag,
    opcion_empresa: flag,
    proviene_de_ns: flag,
    origin: z.optional(text(64)),
    origin_id: z.optional(OriginIdSchema),
    ...requesterShape,
    step1: flag,
    step2: flag,
    step3: flag,
    step4: flag,
    step5: flag,
    step6: flag,
    step7: flag,
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.opcion_persona === form.opcion_empresa) return issue(ctx, 'opcion_persona', 'choose_one');
      if (form.opcion_persona) {
        if (blank(form.nombre_persona)) issue(ctx, 'nombre_persona', 'required');
        if (blank(form.dni)) issue(ctx, 'dni', 'required');
        else if (!isValidNif(form.dni) && !isValidNie(form.dni)) issue(ctx, 'dni', 'invalid_nif');
      } else {
        if (blank(form.nombre_empresa)) issue(ctx, 'nombre_empresa', 'required');
        if (!blank(form.dni) && !isValidCif(form.dni)) issue(ctx, 'dni', 'invalid_cif');
      }
    }, everyObject),
  );
export type PropertiesSearchForm = z.infer<typeof PropertiesSearchFormSchema>;

/**
 * Certidão Permanente form (spec 3). Exactly one identification mode: matricial
 * (article number, rural or urban, section for a rural article), book (book number,
 * book and sheets) or ficha (description number). A horizontal-property unit needs its fraction.
 */
export const CertificateFormSchema = z
  .object({
    distrito_concelho_freguesia: requiredText(200),
    forma_identificar_matricial: flag,
    forma_identificar_livro: flag,
    forma_identificar_ficha: flag,
    tipo_rustica: flag,
    tipo_urbana: flag,
    numero_artigo: optionalText(30),
    seccao: optionalText(30),
    num_livro: optionalText(30),
    livro: optionalText(30),
    folhas: optionalText(30),
    num_ficha: optionalText(30),
    prop_horizontal: flag,
    prop_horizontal_fracao: optionalText(30),
    quiere_un_certidao: flag,
    step1: flag,
    step2: flag,
    step3: flag,
    step4: flag,
    step5: flag,
    step6: flag,
    step7: flag,
    step8: flag,
  })
  .check(
    z.superRefine((form, ctx) => {
      const modes = [
        form.forma_identificar_matricial,
        form.forma_identificar_livro,
        form.forma_identificar_ficha,
      ];
      if (modes.filter(Boolean).length !== 1) issue(ctx, 'forma_identificar_matricial', 'choose_one');
      if (form.forma_identificar_matricial) {
        if (blank(form.numero_artigo)) issue(ctx, 'numero_artigo', 'required');
        else if (!isArticleNumber(form.numero_artigo)) issue(ctx, 'numero_artigo', 'invalid_value');
        if (form.tipo_rustica === form.tipo_urbana) issue(ctx, 'tipo_rustica', 'choose_one');
        else if (form.tipo_rustica && blank(form.seccao)) issue(ctx, 'seccao', 'required');
      }
      if (form.forma_identificar_livro) {
        for (const field of ['num_livro', 'livro', 'folhas'] as const) {
          if (blank(form[field])) issue(ctx, field, 'required');
        }
        if (!blank(form.num_livro) && !isBookNumber(form.num_livro)) issue(ctx, 'num_livro', 'invalid_value');
        if (!blank(form.folhas) && !isSheets(form.folhas)) issue(ctx, 'folhas', 'invalid_value');
      }
      if (form.forma_identificar_ficha) {
        if (blank(form.num_ficha)) issue(ctx, 'num_ficha', 'required');
        else if (!isDescriptionNumber(form.num_ficha)) issue(ctx, 'num_ficha', 'invalid_value');
      }
      if (form.prop_horizontal && blank(form.prop_horizontal_fracao))
        issue(ctx, 'prop_horizontal_fracao', 'required');
    }, everyObject),
  );
export type CertificateForm = z.infer<typeof CertificateFormSchema>;

/** Informação Predial Simplificada form (spec 3); num_ficha is required when tiene_numero. */
export const SimplifiedReportFormSchema = z
  .object({
    distrito_concelho_freguesia: requiredText(200),
    tiene_numero: flag,
    num_ficha: optionalText(30),
    prop_horizontal: flag,
    prop_horizontal_fracao: optionalText(30),
    urgente: flag,
    promesa_entrega: promiseField,
    quiere_un_predial: flag,
    step1: flag,
    step2: flag,
    step21: flag,
    step3: flag,
    step4: flag,
    step5: flag,
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.tiene_numero && blank(form.num_ficha)) issue(ctx, 'num_ficha', 'required');
      else if (form.tiene_numero && !isDescriptionNumber(form.num_ficha))
        issue(ctx, 'num_ficha', 'invalid_value');
      if (form.prop_horizontal && blank(form.prop_horizontal_fracao))
        issue(ctx, 'prop_horizontal_fracao', 'required');
    }, everyObject),
  );
export type SimplifiedReportForm = z.infer<typeof SimplifiedReportFormSchema>;

/** The form schema of a product's cart item: the four fixed forms, else the generic form. */
export function formSchemaForProduct(productId: number) {
  switch (productId) {
    case PRODUCT_IDS.notaSimple:
      return NotaSimpleFormSchema;
    case PRODUCT_IDS.propertiesSearch:
      return PropertiesSearchFormSchema;
    case PRODUCT_IDS.certidaoPermanente:
      return CertificateFormSchema;
    case PRODUCT_IDS.informacaoPredial:
      return SimplifiedReportFormSchema;
    default:
      return GenericFormSchema;
  }
}
