import type { SimplifiedReportForm } from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { blankFlowForm } from '../../shared/wizard/flow-forms.ts';
import { flowStore, getFlowForm, setFlowForm } from '../../shared/wizard/flow-store.ts';
import { dropWizardCaches } from '../../shared/wizard/wizard-store.ts';
import { setupFakeApi } from '../../testing/fake-api.ts';
import { FLOW } from './utils/ipredial-plan.ts';

const PLACE = 'Porto / Porto / Bonfim';
const steps = (...names: string[]) => Object.fromEntries(names.map((n) => [n, true]));

/** A saved form, as a reload finds it in localStorage. */
function saved(form: Partial<SimplifiedReportForm>) {
  setFlowForm(FLOW, { ...blankFlowForm(FLOW), quiere_un_predial: true, ...form });
  dropWizardCaches();
}

const api = setupFakeApi();

async function open(step: string, storeId = 16) {
  const result = await api.open(`/app/i-predial-simplificada/${step}?store_id=${storeId}`, {
    store_id: storeId,
  });
  // The wizard is a lazy chunk: wait for its first heading.
  await screen.findByRole('heading', { level: 1 });
  return { ...result, user: userEvent.setup() };
}

const heading = () => screen.getByRole('heading', { level: 1 });
const where = () => window.location.pathname + window.location.search;
const at = (step: string) => `/app/i-predial-simplificada/${step}?store_id=16`;
const next = (user: ReturnType<typeof userEvent.setup>, name = 'Seguinte') =>
  user.click(screen.getByRole('button', { name }));
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

beforeEach(() => {
  localStorage.clear();
  dropWizardCaches();
});

describe('informação predial simplificada: entering the wizard', () => {
  it("shows the server's price: an operator's change in the catalogue reaches the wizard", async () => {
    api.changeProduct(18421, { price: 1300 });
    await open('step1');
    const price = (await screen.findByText('Total, tudo incluído')).closest('dl');
    expect(price?.textContent).toContain('Total, tudo incluído13\u00a0€');
  });

  it('step1 opens with the price (taxa oficial 1 € + serviço + IVA = 11 €) and asks the freguesia', async () => {
    const { user } = await open('step1');
    expect(heading().textContent).toBe('Informação Predial Simplificada');
    const price = (await screen.findByText('Total, tudo incluído')).closest('dl');
    expect(price?.textContent).toContain('Taxa oficial (despesa, sem IVA)1\u00a0€');
    expect(price?.textContent).toContain('Serviço (valor tributável)8,13\u00a0€');
    expect(price?.textContent).toContain('IVA (23 %) do serviço1,87\u00a0€');
    expect(price?.textContent).toContain('Total, tudo incluído11\u00a0€');
    await next(user);
    expect(alerts()).toEqual(['Escolha a freguesia na lista de sugestões.']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox')));
    expect(where()).toBe(at('step1'));
  });

  it.each([14, 1, 17])('store %i is refused: services, query kept', async (storeId) => {
    await open('step2', storeId);
    await waitFor(() => expect(window.location.pathname).toBe('/app/servicios'));
    expect(window.location.search).toBe(`?store_id=${storeId}`);
  });

  it.each([
    ['step3', {}, 'step1'],
    ['step21', {}, 'step1'],
    ['confirmation', { ...steps('step1', 'step2'), distrito_concelho_freguesia: PLACE }, 'step3'],
    ['step21', { ...steps('step1', 'step2'), distrito_concelho_freguesia: PLACE }, 'step3'],
  ] as const)('%s goes to the first step to answer, query kept', async (step, form, first) => {
    saved(form);
    await open(step);
    await waitFor(() => expect(where()).toBe(at(first)));
  });
});

describe('informação predial simplificada: steps', () => {
  const located = { ...steps('step1'), distrito_concelho_freguesia: PLACE };

  it('step2: Sim leads to the unit (step21), which is required', async () => {
    saved(located);
    const { user } = await open('step2');
    await next(user);
    expect(alerts()).toEqual(['Responda Sim ou Não.']);
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step21')));
    expect(heading().textContent).toBe('Qual é a fração autónoma?');
    await next(user);
    expect(alerts()).toEqual(['Indique a fração autónoma, por exemplo A ou AB.']);
    await user.type(screen.getByRole('textbox', { name: /^Fração autónoma/ }), 'B');
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step3')));
    expect(getFlowForm(FLOW)).toMatchObject({
      prop_horizontal: true,
      prop_horizontal_fracao: 'B',
      step21: true,
    });
  });

  it('step2: Não passes the unit and clears it; Voltar from step3 returns to step2', async () => {
    saved({ ...located, step2: true, step21: true, prop_horizontal: true, prop_horizontal_fracao: 'B' });
    const { user } = await open('step2');
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step3')));
    expect(getFlowForm(FLOW)).toMatchObject({ prop_horizontal: false, prop_horizontal_fracao: '' });
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(where()).toBe(at('step2')));
  });

  it.each([
    ['no answer', null, '', ['Responda Sim ou Não.']],
    ['Sim without the number', 'Sim', '', ['Indique o número de descrição.']],
    [
      'Sim with letters',
      'Sim',
      'doze',
      ['O número de descrição só pode ter algarismos, por exemplo 1234 ou 1234/20050315.'],
    ],
  ])('step3: %s', async (_name, answer, typed, messages) => {
    saved({ ...located, step2: true, step21: true });
    const { user } = await open('step3');
    if (answer) await user.click(screen.getByRole('radio', { name: answer }));
    if (typed) await user.type(screen.getByRole('textbox', { name: /^Número de descrição/ }), typed);
    await next(user);
    expect(alerts()).toEqual(messages);
    expect(where()).toBe(at('step3'));
  });

  it('step3: Sim with the number, or Não, goes on to step4', async () => {
    saved({ ...located, step2: true, step21: true });
    const { user } = await open('step3');
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.type(screen.getByRole('textbox', { name: /^Número de descrição/ }), '1234/20050315');
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step4')));
    expect(flowStore(FLOW).saved()?.form).toMatchObject({
      tiene_numero: true,
      num_ficha: '1234/20050315',
      step3: true,
    });
  });

  it('step4: normal is chosen by default; urgent adds 5 € (16 € in all)', async () => {
    saved({ ...located, step2: true, step21: true, step3: true });
    const { user } = await open('step4');
    expect((screen.getByRole('radio', { name: /Normal/ }) as HTMLInputElement).checked).toBe(true);
    // The prices are the server's definition's (GET product?id=18421).
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Urgente/ }).closest('label')?.textContent).toContain(
        'mais 5\u00a0€ (16\u00a0€ no total)',
      ),
    );
    await user.click(screen.getByRole('radio', { name: /Urgente/ }));
    await next(user);
    await waitFor(() => expect(where()).toBe(at('confirmation')));
    expect((await screen.findByText('Total, tudo incluído')).closest('div')?.textContent).toContain(
      '16\u00a0€',
    );
  });

  it('confirmation lists the answers, records step5 and goes to cart/add/ipredial', async () => {
    saved({
      ...located,
      step2: true,
      step21: true,
      step3: true,
      step4: true,
      tiene_numero: true,
      num_ficha: '88',
    });
    const { user } = await open('confirmation');
    const summary = screen.getByText('Número de descrição').closest('dl');
    expect(summary?.textContent).toContain(PLACE);
    expect(summary?.textContent).toContain('88');
    expect(summary?.textContent).toContain('Normal');
    expect((await screen.findByText('Total, tudo incluído')).closest('div')?.textContent).toContain(
      '11\u00a0€',
    );
    await next(user, 'Adicionar à encomenda');
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/ipredial'));
    expect(window.location.search).toBe('?store_id=16');
    expect(flowStore(FLOW).saved()?.form?.step5).toBe(true);
  });
});
