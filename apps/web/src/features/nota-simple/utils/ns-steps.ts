import type { NotaSimpleForm } from '@shop/domain';

/** 'Paso X de 6': the intro has no number; the branches count as step 4 (spec 4: steps 1-6). */
export const NS_PROGRESS: Readonly<Record<string, number>> = {
  step1: 1,
  step2: 2,
  step3: 3,
  step4: 4,
  step41: 4,
  step42: 4,
  step5: 5,
  step6: 6,
};
export const NS_TOTAL_STEPS = 6;

/** What the registry of the chosen municipality offers (see hooks/use-registry-info.ts). */
export interface RegistryOffer {
  slow: boolean;
  urgentOffered: boolean;
  deliveryHours: number | null;
}

/** The step after step4: the slow-registry branch, else the urgent-service branch when offered, else step5. */
export function stepAfterRegistryData(offer: RegistryOffer): 'step41' | 'step42' | 'step5' {
  if (offer.slow) return 'step41';
  if (offer.urgentOffered) return 'step42';
  return 'step5';
}

/**
 * The form as it leaves step4: the branch that does not apply is cleared (its
 * choice and its flag), so a stale urgent choice can never be charged.
 */
export function withBranchesFor(form: NotaSimpleForm, offer: RegistryOffer): NotaSimpleForm {
  const next = { ...form };
  if (!offer.slow) {
    next.servicio_urgente_custom = false;
    next.servicio_urgente_custom_hours = null;
    next.step51 = false;
  }
  if (offer.slow || !offer.urgentOffered) {
    next.servicio_urgente = false;
    next.step52 = false;
  }
  return next;
}

/** The step before step5: the branch the visitor went through. */
export function stepBeforeRequester(form: NotaSimpleForm): 'step41' | 'step42' | 'step4' {
  if (form.step51) return 'step41';
  if (form.step52) return 'step42';
  return 'step4';
}

/** True when the form asks for the urgent service (either branch): + 9,90. */
export function isUrgent(
  form: Pick<NotaSimpleForm, 'servicio_urgente' | 'servicio_urgente_custom'>,
): boolean {
  return form.servicio_urgente || form.servicio_urgente_custom;
}
