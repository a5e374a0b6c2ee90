import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSearchServer, type TestSearchServer } from '../../../shared/ui/autocomplete-test-server.ts';
import { dropFlowFormCache } from '../../../shared/wizard/flow-store.ts';
import { renderApp } from '../../../testing/render-app.tsx';

/** The Nota Simple definition as GET product?id=15867 gives it (the seed's prices). */
export const NS_DEFINITION = {
  product_id: 15867,
  name: 'Nota Simple',
  price: 2076,
  official_fee: 1091,
  options: [
    { option_id: 80, title: 'Dirección del inmueble', type: 'field', is_require: '1' },
    {
      option_id: 411,
      title: 'Plazo de entrega',
      type: 'radio',
      is_require: '1',
      default: '5901',
      opt_values: [
        { id: 5901, name: 'Estándar', price: 0 },
        { id: 3782, name: 'Urgente', price: 990 },
      ],
    },
  ],
};

/** Municipalities of the test server: one plain (registry data unknown), one fast, one slow, one not urgent. */
export const TEST_MUNICIPALITIES = [
  { name: 'Las Rozas de Madrid', province: 'Madrid', ine: '28127' },
  { name: 'Rozas de Puerto Real', province: 'Madrid', ine: '28128' },
  { name: 'Madrid', province: 'Madrid', ine: '28079', delivery_hours: 3 },
  { name: 'Barcelona', province: 'Barcelona', ine: '08019', delivery_hours: 8 },
  { name: 'Puebla de Sanabria', province: 'Zamora', ine: '49166', delivery_hours: 48, slow_registry: true },
];

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
