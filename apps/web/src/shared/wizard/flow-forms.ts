import {
  blankForm,
  type CertificateForm,
  FIXED_FLOW_PRODUCT,
  type FixedFlow,
  formFrom,
  formSchemaForProduct,
  type NotaSimpleForm,
  type PROPERTY_COUNT_CHOICES,
  type PropertiesSearchForm,
  type SimplifiedReportForm,
} from '@shop/domain';

export type PropertyCount = (typeof PROPERTY_COUNT_CHOICES)[number];

/** The properties form while being filled: the count is '' until chosen. */
export type PropertiesSearchDraft = Omit<PropertiesSearchForm, 'num_propiedades'> & {
  num_propiedades: PropertyCount | '';
};

/** The form each fixed wizard fills (spec 3 field names, step flags included). */
export interface FlowForms {
  'nota-simple': NotaSimpleForm;
  'q-propiedades': PropertiesSearchDraft;
  'certidao-permanente': CertificateForm;
  'i-predial-simplificada': SimplifiedReportForm;
}

export type FlowForm<F extends FixedFlow> = FlowForms[F];

/** The domain schema of each fixed wizard's form (the server's check of its add call too). */
export function flowSchema(flow: FixedFlow) {
  return formSchemaForProduct(FIXED_FLOW_PRODUCT[flow]);
}

/** A blank form per flow, derived from the domain schema: what a new visitor and a reset start from. */
export function blankFlowForm<F extends FixedFlow>(flow: F): FlowForm<F> {
  return blankForm(flowSchema(flow)) as unknown as FlowForm<F>;
}

/** A form of `flow` read back from storage (or anywhere untrusted): the domain's formFrom. */
export function flowFormFrom<F extends FixedFlow>(flow: F, raw: unknown): FlowForm<F> {
  return formFrom(flowSchema(flow), raw) as unknown as FlowForm<F>;
}

/**
 * Which spec 3 step flag records each route step (spec 2 lists the routes, spec 3
 * the flags). Nota Simple has nine routes and nine flags (1-7, 51, 52): they pair
 * in order, so step0 -> step1, step41 -> step51, step6 -> step7. The simplified
 * report's confirmation is its step5. A route step with no flag is never required
 * before another (it is the last one).
 */
export const STEP_FLAGS: Readonly<Record<FixedFlow, Readonly<Record<string, string>>>> = {
  'nota-simple': {
    step0: 'step1',
    step1: 'step2',
    step2: 'step3',
    step3: 'step4',
    step4: 'step5',
    step41: 'step51',
    step42: 'step52',
    step5: 'step6',
    step6: 'step7',
  },
  'q-propiedades': {
    step1: 'step1',
    step2: 'step2',
    step3: 'step3',
    step4: 'step4',
    step5: 'step5',
    step6: 'step6',
    step7: 'step7',
  },
  'certidao-permanente': {
    step1: 'step1',
    step2: 'step2',
    step3: 'step3',
    step4: 'step4',
    step5: 'step5',
    step6: 'step6',
    step7: 'step7',
    step8: 'step8',
  },
  'i-predial-simplificada': {
    step1: 'step1',
    step2: 'step2',
    step21: 'step21',
    step3: 'step3',
    step4: 'step4',
    confirmation: 'step5',
  },
};

/** The route steps whose flag is set in `form`. */
export function validatedSteps<F extends FixedFlow>(flow: F, form: FlowForm<F>): Set<string> {
  const record = form as unknown as Record<string, unknown>;
  const done = new Set<string>();
  for (const [step, flag] of Object.entries(STEP_FLAGS[flow])) {
    if (record[flag] === true) done.add(step);
  }
  return done;
}

/** `form` with the flag of route step `step` set to `valid` (unchanged when the step has no flag). */
export function withStepFlag<F extends FixedFlow>(
  flow: F,
  form: FlowForm<F>,
  step: string,
  valid: boolean,
): FlowForm<F> {
  const flag = STEP_FLAGS[flow][step];
  if (!flag) return form;
  return { ...form, [flag]: valid };
}
