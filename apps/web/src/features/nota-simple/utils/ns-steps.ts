import type { NotaSimpleForm } from '@shop/domain';

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

/** True when the form asks for the urgent service (either branch): + 9,90. */
export function isUrgent(
  form: Pick<NotaSimpleForm, 'servicio_urgente' | 'servicio_urgente_custom'>,
): boolean {
  return form.servicio_urgente || form.servicio_urgente_custom;
}
