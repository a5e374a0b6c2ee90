import { loadT } from '@shop/domain/i18n';
import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '../../shared/config/config-store.ts';
import { setT } from '../../shared/i18n/use-t.ts';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import LandingRoute from './landing-route.tsx';
import { LANDING_DATA_ID, pageLanding } from './utils/landing-data.ts';

/** Suspends its boundary until `gate` resolves: React throws away what it rendered beside it and renders it again. */
function Gate({ gate }: { gate: Promise<void> }) {
  use(gate);
  return null;
}

describe('a server-rendered landing page', () => {
  beforeAll(async () => {
    const config = makeRuntimeConfig({ store_id: 14, language: 'es' });
    setConfig(config);
    setT(await loadT(config.language));
  });

  it('keeps the data it arrived with when React redoes a render before the route mounts (an early click or keystroke)', async () => {
    // The 404 page of an unknown municipality, as the server writes it: its data is null.
    document.body.innerHTML = `<script type="application/json" id="${LANDING_DATA_ID}">null</script>`;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await act(async () => {
      render(
        <Suspense fallback={<p>…</p>}>
          <LandingRoute folder="RegistroPropiedad" url="villa-que-no-existe" />
          <Gate gate={gate} />
        </Suspense>,
      );
    });
    expect(screen.getByText('…')).toBeTruthy();
    // The first render of the route was thrown away with its suspended sibling; this one is new.
    await act(async () => open());
    expect(screen.getByRole('heading', { level: 1, name: 'No encontramos ese municipio' })).toBeTruthy();
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Municipio' })).toBeTruthy();
    // Mounted: the page's data is used; a later visit inside the app asks POST municipio/.
    expect(pageLanding()).toBeUndefined();
  });
});
