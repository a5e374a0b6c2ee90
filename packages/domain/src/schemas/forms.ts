import * as z from 'zod/mini';
import {
  isArticleNumber,
  isBookNumber,
  isDescriptionNumber,
  isSheets,
} from '../rules/certificate-identification.ts';
import { PRODUCT_IDS } from '../rules/products.ts';
import { isValidCif, isValidNie, isValidNif } from '../rules/tax-ids.ts';
import { flag, IdSchema, OriginIdSchema, optionalText, requiredText, text } from './fields.ts';
import { OptionTypeSchema } from './product.ts';

type Ctx = { value: unknown; issues: unknown[] };
const pathOf = (issue: unknown) => (issue as { path?: PropertyKey[] }).path;
/** Adds a form-level issue, unless the field already has one (a wrong type, too long). */
function issue(ctx: Ctx, path: string, message: string): void {
  if (ctx.issues.some((i) => pathOf(i)?.length === 1 && pathOf(i)?.[0] === path)) return;
  ctx.issues.push({ code: 'custom', message, path: [path], input: ctx.value });
}
/** Blank, or not text at all (a field whose own check failed). */
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * The form-level rules run even when a field's own check failed, so one answer
 * lists every problem (a Nota Simple with a blank address and a blank known
 * owner reports both). They then see the raw input: `blank` and `issue` cope.
 */
const everyObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

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

/** One recorded answer of the generic wizard (spec 3 "Generic form"). */
export const GenericValueSchema = z.object({
  option_id: IdSchema,
  product_id: IdSchema,
  type: OptionTypeSchema,
  value: text(5000),
});
export type GenericValue = z.infer<typeof GenericValueSchema>;

/** An answer to a confirmation question or an early-checkout extra field. */
export const ConfirmAnswerSchema = z.object({ option_id: IdSchema, value: text(5000) });
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;

/**
 * Generic form (spec 3): `values` in step order (their count is the wizard's step),
 * `confirm_values` the confirmation screen's answers, `related_product_ids` the
 * related products the customer ticked. Every value belongs to `product_id` and
 * names an option once; the definition check is checkGenericForm.
 */
export const GenericFormSchema = z
  .object({
    product_id: IdSchema,
    values: z.array(GenericValueSchema).check(z.maxLength(60, { error: 'too_many' })),
    confirm_values: z._default(
      z.array(ConfirmAnswerSchema).check(z.maxLength(60, { error: 'too_many' })),
      [],
    ),
    related_product_ids: z._default(z.array(IdSchema).check(z.maxLength(20, { error: 'too_many' })), []),
    origin: z.optional(text(64)),
    origin_id: z.optional(OriginIdSchema),
  })
  .check(
    z.superRefine((form, ctx) => {
      const seen = new Set<number>();
      form.values.forEach((value, index) => {
        if (value.product_id !== form.product_id) {
          ctx.issues.push({
            code: 'custom',
            message: 'wrong_product',
            path: ['values', index, 'product_id'],
            input: value,
          });
        }
        if (seen.has(value.option_id)) {
          ctx.issues.push({
            code: 'custom',
            message: 'invalid_value',
            path: ['values', index, 'option_id'],
            input: value,
          });
        }
        seen.add(value.option_id);
      });
    }),
  );
export type GenericForm = z.infer<typeof GenericFormSchema>;
export type GenericFormInput = z.input<typeof GenericFormSchema>;

/** Generic form sent to addgenericWithAssociation: origin and origin_id are required. */
export const AssociatedGenericFormSchema = GenericFormSchema.check(
  z.superRefine((form, ctx) => {
    if (!form.origin) issue(ctx, 'origin', 'required');
    if (!form.origin_id) issue(ctx, 'origin_id', 'required');
  }),
);

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
