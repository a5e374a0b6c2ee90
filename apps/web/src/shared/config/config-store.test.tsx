import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig, setRenderedConfig, useConfig } from './config-store.ts';

function PortalName() {
  return <p>{useConfig().portal_name}</p>;
}

describe('useConfig while hydrating', () => {
  afterEach(() => setRenderedConfig(undefined));

  it("renders the server's configuration, then the one an API answer set meanwhile, without React #418", async () => {
    const page = makeRuntimeConfig({ portal_name: 'Servidor' });
    setConfig(page);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PortalName />);
    document.body.append(container);
    setRenderedConfig(page);
    // An answer replaces the configuration before React hydrates this part.
    setConfig(makeRuntimeConfig({ portal_name: 'Respuesta' }));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <PortalName />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('Respuesta');
    container.remove();
  });
});
