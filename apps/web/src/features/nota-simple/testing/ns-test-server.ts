import type { NotaSimpleForm } from '@shop/domain';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSearchServer, type TestSearchServer } from '../../../shared/ui/autocomplete-test-server.ts';
import { emptyForm, withStepFlag } from '../../../shared/wizard/flow-forms.ts';
import { dropFlowFormCache, setFlowForm } from '../../../shared/wizard/flow-store.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { NS_DEFINITION } from './ns-definition.ts';

/** Municipalities of the test server: one plain (registry data unknown), one fast, one slow, one not urgent. */
export const TEST_MUNICIPALITIES = [
  { name: 'Las Rozas de Madrid', province: 'Madrid', ine: '28127' },
  { name: 'Rozas de Puerto Real', province: 'Madrid', ine: '28128' },
  { name: 'Madrid', province: 'Madrid', ine: '28079', delivery_hours: 3 },
  { name: 'Barcelona', province: 'Barcelona', ine: '08019', delivery_hours: 8 },
  { name: 'Puebla de Sanabria', province: 'Zamora', ine: '49166', delivery_hours: 48, slow_registry: true },
];

/** Saves a Nota Simple form valid up to (and including) the given route steps. */
export function filled(steps: string[], patch: Partial<NotaSimpleForm> = {}) {
  let form: NotaSimpleForm = {
    ...emptyForm('nota-simple'),
    quiere_una_ns: true,
    direccion: 'Calle Mayor 1',
    municipio: 'Las Rozas de Madrid',
    provincia: 'Madrid',
    ...patch,
  };
  for (const step of steps) form = withStepFlag('nota-simple', form, step, true);
  setFlowForm('nota-simple', form);
}

/** Starts the local search/product server for a test file; `open(url)` renders the app on it. */
export function setupNotaSimpleServer() {
  let server: TestSearchServer;
  beforeAll(async () => {
    server = await startSearchServer(TEST_MUNICIPALITIES, { products: { 15867: NS_DEFINITION } });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    localStorage.clear();
    dropFlowFormCache();
  });
  return {
    open: (url: string, storeId = 14) => renderApp(url, { store_id: storeId, base_url: server.base }),
    requests: () => server.requests,
  };
}
