import type { FixedFlow } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { emptyForm, withStepFlag } from './flow-forms.ts';
import { dropFlowFormCache, setFlowForm } from './flow-store.ts';
import { StepGuard } from './step-guard.tsx';

function Step({ flow, step }: { flow: FixedFlow; step: string }) {
  return (
    <StepGuard flow={flow} step={step}>
      <h1>
        {flow} {step}
      </h1>
    </StepGuard>
  );
}

async function open(url: string, storeId = 14) {
  setConfig(makeRuntimeConfig({ store_id: storeId }));
  setT(await loadT(storeId === 16 ? 'pt' : 'es'));
  window.history.replaceState(null, '', url);
  render(
    <Router base="/app">
      <Switch>
        <Route path="/servicios">
          <h1>services</h1>
        </Route>
        <Route path="/:flow/:step">
          {(params) => <Step flow={params.flow as FixedFlow} step={params.step} />}
        </Route>
      </Switch>
    </Router>,
  );
}

/** Records the given route steps of `flow` as valid. */
function validate(flow: FixedFlow, steps: string[]) {
  let form = emptyForm(flow);
  for (const step of steps) form = withStepFlag(flow, form, step, true);
  setFlowForm(flow, form);
}

beforeEach(() => {
  localStorage.clear();
  dropFlowFormCache();
});

describe('step guard: the first invalid step, query kept (spec 4)', () => {
  it.each([
    ['nota-simple', [], '/app/nota-simple/step4?store_id=14&utm_source=a%26b', 'nota-simple step1'],
    ['nota-simple', ['step1'], '/app/nota-simple/step4?store_id=14&utm_source=a%26b', 'nota-simple step2'],
    [
      'nota-simple',
      ['step1', 'step2', 'step3'],
      '/app/nota-simple/step5?store_id=14&utm_source=a%26b',
      'nota-simple step4',
    ],
    ['q-propiedades', ['step1', 'step2'], '/app/q-propiedades/step7?store_id=14&x=1', 'q-propiedades step3'],
  ] as const)('%s with %j valid: %s lands on %s', async (flow, valid, url, heading) => {
    validate(flow, [...valid]);
    await open(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    const [, step] = heading.split(' ');
    expect(window.location.pathname).toBe(`/app/${flow}/${step}`);
    expect(window.location.search).toBe(new URL(url, 'http://x').search);
  });

  it('lets a step in when every earlier required step is valid (intro and branches are not required)', async () => {
    validate('nota-simple', ['step1', 'step2', 'step3', 'step4']);
    await open('/app/nota-simple/step5?store_id=14');
    expect(await screen.findByRole('heading', { name: 'nota-simple step5' })).toBeTruthy();
    expect(window.location.pathname).toBe('/app/nota-simple/step5');
  });
});

describe('store guard (spec 4)', () => {
  it.each([
    ['/app/nota-simple/step1?store_id=16', 16],
    ['/app/q-propiedades/step1?store_id=26', 26],
    ['/app/certidao-permanente/step1?store_id=14', 14],
    ['/app/i-predial-simplificada/step1', 1],
  ])('%s goes to services on store %i', async (url, storeId) => {
    await open(url, storeId);
    expect(await screen.findByRole('heading', { name: 'services' })).toBeTruthy();
    expect(window.location.pathname).toBe('/app/servicios');
    expect(window.location.search).toBe(new URL(url, 'http://x').search);
  });

  it.each([
    ['/app/certidao-permanente/step1?store_id=16', 16, 'certidao-permanente step1'],
    ['/app/nota-simple/step0', 9, 'nota-simple step0'],
  ])('%s is allowed on store %i', async (url, storeId, heading) => {
    await open(url, storeId);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});
