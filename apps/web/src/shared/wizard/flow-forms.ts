import type {
  CertificateForm,
  FixedFlow,
  NotaSimpleForm,
  PROPERTY_COUNT_CHOICES,
  PropertiesSearchForm,
  SimplifiedReportForm,
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

const requester = { solicitante_nombre: '', solicitante_documento: '', interes_legitimo: '' };
const steps7 = {
  step1: false,
  step2: false,
  step3: false,
  step4: false,
  step5: false,
  step6: false,
  step7: false,
};

/** A blank form per flow: what a new visitor and a reset start from. */
export function emptyForm<F extends FixedFlow>(flow: F): FlowForm<F> {
  const forms: FlowForms = {
    'nota-simple': {
      quiere_una_ns: false,
      conoce_nombre_propietario: false,
      nombre: '',
      direccion: '',
      municipio: '',
      provincia: '',
      otros_datos: '',
      servicio_urgente: false,
      servicio_urgente_custom: false,
      servicio_urgente_custom_hours: null,
      ...requester,
      ...steps7,
      step51: false,
      step52: false,
    },
    'q-propiedades': {
      nombre_persona: '',
      dni: '',
      nombre_empresa: '',
      num_propiedades: '',
      opcion_persona: false,
      opcion_empresa: false,
      proviene_de_ns: false,
      ...requester,
      ...steps7,
    },
    'certidao-permanente': {
      distrito_concelho_freguesia: '',
      forma_identificar_matricial: false,
      forma_identificar_livro: false,
      forma_identificar_ficha: false,
      tipo_rustica: false,
      tipo_urbana: false,
      numero_artigo: '',
      seccao: '',
      num_livro: '',
      livro: '',
      folhas: '',
      num_ficha: '',
      prop_horizontal: false,
      prop_horizontal_fracao: '',
      quiere_un_certidao: false,
      ...steps7,
      step8: false,
    },
    'i-predial-simplificada': {
      distrito_concelho_freguesia: '',
      tiene_numero: false,
      num_ficha: '',
      prop_horizontal: false,
      prop_horizontal_fracao: '',
      urgente: false,
      quiere_un_predial: false,
      step1: false,
      step2: false,
      step21: false,
      step3: false,
      step4: false,
      step5: false,
    },
  };
  return forms[flow];
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

/**
 * Steps the guard never requires: the Nota Simple intro (step0) shows the price
 * and may be skipped, since spec 4 counts the flow as steps 1-6 (a link to
 * step1, like the header's 'Solicitar Nota Simple', must land on step1).
 */
export const INTRO_STEPS: Readonly<Record<FixedFlow, readonly string[]>> = {
  'nota-simple': ['step0'],
  'q-propiedades': [],
  'certidao-permanente': [],
  'i-predial-simplificada': [],
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
