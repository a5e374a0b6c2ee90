import type { NotaSimpleForm } from '@shop/domain';
import { beforeEach } from 'vitest';
import { blankFlowForm, withStepFlag } from '../../../shared/wizard/flow-forms.ts';
import { setFlowForm } from '../../../shared/wizard/flow-store.ts';
import { dropWizardCaches } from '../../../shared/wizard/wizard-store.ts';
import { municipalityHit, setupFakeApi } from '../../../testing/fake-api.ts';

/** Municipalities of the fake API: two plain (registry data unknown), one fast, one not urgent, one slow. */
export const TEST_MUNICIPALITIES = [
  municipalityHit({ name: 'Las Rozas de Madrid', province: 'Madrid', ine: '28127' }),
  municipalityHit({ name: 'Rozas de Puerto Real', province: 'Madrid', ine: '28128' }),
  municipalityHit({ name: 'Madrid', province: 'Madrid', ine: '28079', delivery_hours: 3 }),
  municipalityHit({ name: 'Barcelona', province: 'Barcelona', ine: '08019', delivery_hours: 8 }),
  municipalityHit({
    name: 'Puebla de Sanabria',
    province: 'Zamora',
    ine: '49166',
    delivery_hours: 48,
    slow_registry: true,
  }),
];

/** Saves a Nota Simple form valid up to (and including) the given route steps. */
export function filled(steps: string[], patch: Partial<NotaSimpleForm> = {}) {
  let form: NotaSimpleForm = {
    ...blankFlowForm('nota-simple'),
    quiere_una_ns: true,
    direccion: 'Calle Mayor 1',
    municipio: 'Las Rozas de Madrid',
    provincia: 'Madrid',
    ...patch,
  };
  for (const step of steps) form = withStepFlag('nota-simple', form, step, true);
  setFlowForm('nota-simple', form);
}

/** The fake API with the test municipalities (and the seed's Nota Simple definition); each test starts blank. */
export function setupNotaSimple() {
  const api = setupFakeApi({ municipalities: TEST_MUNICIPALITIES });
  beforeEach(() => {
    localStorage.clear();
    dropWizardCaches();
  });
  return {
    open: (url: string, storeId = 14) => api.open(url, { store_id: storeId }),
    requests: () => api.paths(),
    changeProduct: api.changeProduct,
  };
}
