import { describe, expect, it } from 'vitest';
import { blankFlowForm } from '../../../shared/wizard/flow-forms.ts';
import { isUrgent, stepAfterRegistryData, withBranchesFor } from './ns-steps.ts';

describe('Nota Simple branches after step4', () => {
  it.each([
    [{ slow: true, urgentOffered: false, deliveryHours: 48 }, 'step41'],
    [{ slow: true, urgentOffered: true, deliveryHours: null }, 'step41'],
    [{ slow: false, urgentOffered: true, deliveryHours: 3 }, 'step42'],
    [{ slow: false, urgentOffered: false, deliveryHours: 8 }, 'step5'],
  ])('%j -> %s', (offer, step) => {
    expect(stepAfterRegistryData(offer)).toBe(step);
  });

  it('clears the branch that does not apply', () => {
    const chosen = {
      ...blankFlowForm('nota-simple'),
      servicio_urgente: true,
      servicio_urgente_custom: true,
      servicio_urgente_custom_hours: 48,
      step51: true,
      step52: true,
    };
    const fast = withBranchesFor(chosen, { slow: false, urgentOffered: true, deliveryHours: 3 });
    expect(fast).toMatchObject({ servicio_urgente: true, servicio_urgente_custom: false, step51: false });
    expect(fast.servicio_urgente_custom_hours).toBeNull();
    const slow = withBranchesFor(chosen, { slow: true, urgentOffered: false, deliveryHours: 48 });
    expect(slow).toMatchObject({ servicio_urgente: false, servicio_urgente_custom: true, step52: false });
    const plain = withBranchesFor(chosen, { slow: false, urgentOffered: false, deliveryHours: 8 });
    expect(isUrgent(plain)).toBe(false);
  });
});
