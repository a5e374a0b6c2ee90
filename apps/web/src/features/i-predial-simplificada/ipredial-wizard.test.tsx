import { formatPromise, type SimplifiedReportForm } from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getT } from '../../shared/i18n/use-t.ts';
import { promiseQueryClient } from '../../shared/ui/use-delivery-promise.ts';
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

async function open(step: string, storeId = 16, nsCopy?: string) {
  const result = await api.open(`/app/i-predial-simplificada/${step}?store_id=${storeId}`, {
    store_id: storeId,
    ...(nsCopy ? { nsCopy } : {}),
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
  promiseQueryClient.clear();
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

describe('informação predial simplificada: the delivery promise (ADR 034)', () => {
  const answered = { ...steps('step1', 'step2', 'step21', 'step3'), distrito_concelho_freguesia: PLACE };
  const PT_NS_COPY = 'Receber hoje em menos de 4 horas úteis';
  // Three days ahead: the words do not depend on the hour the test runs.
  const STANDARD = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const URGENT = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const words = (iso: string) => formatPromise(getT(), iso, new Date().toISOString(), 'pt', 'Europe/Lisbon');
  const promiseAnswer = (promisedAt: string | null) => ({
    status: 200,
    body: { ok: true, promised_at: promisedAt, time_zone: 'Europe/Lisbon' },
  });
  /** The conservatória's promise: the standard one for urgent=0, the urgent one for urgent=1. */
  const answerPromises = () => api.answer('delivery-promise', promiseAnswer(STANDARD), promiseAnswer(URGENT));
  const label = (name: RegExp) => screen.getByRole('radio', { name }).closest('label')?.textContent ?? '';
  const promiseRequests = () => api.paths().filter((path) => path.includes('/delivery-promise'));

  it("step4: each service shows the conservatória's promise for the freguesia, in Portuguese", async () => {
    answerPromises();
    saved(answered);
    await open('step4', 16, PT_NS_COPY);
    await waitFor(() => expect(label(/Urgente/)).toContain(words(URGENT)));
    expect(label(/Normal/)).toContain(words(STANDARD));
    expect(words(URGENT)).toMatch(/^Receba-a .+ até às \d\d:\d\d$/);
    expect(label(/Urgente/)).not.toContain(PT_NS_COPY);
    expect(label(/Normal/)).not.toContain('Até 1 dia útil');
    const asked = promiseRequests().map((path) => new URL(path, 'http://x').searchParams);
    expect(asked.map((query) => query.get('municipio'))).toEqual([PLACE, PLACE]);
    expect(asked.map((query) => query.get('urgent')).sort()).toEqual(['0', '1']);
  });

  it("step4: where the conservatória's hours are unknown, the store's nsCopy for urgent and 1 working day", async () => {
    api.answer('delivery-promise', promiseAnswer(null));
    saved(answered);
    await open('step4', 16, PT_NS_COPY);
    await waitFor(() => expect(label(/Urgente/)).toContain(`${PT_NS_COPY} · mais 5\u00a0€`));
    expect(label(/Normal/)).toContain('Até 1 dia útil · 11\u00a0€');
  });

  it("confirmation says the chosen service's promise and sends it with the form (promesa_entrega)", async () => {
    api.answer('delivery-promise', promiseAnswer(URGENT));
    saved({ ...answered, step4: true, urgente: true });
    const { user } = await open('confirmation', 16, PT_NS_COPY);
    await screen.findByText(`Entrega: ${words(URGENT)}. Enviamo-la por e-mail em PDF.`);
    const summary = screen.getByText('Prazo de entrega').closest('dl');
    expect(summary?.textContent).toContain(`Urgente: ${words(URGENT)}`);
    expect(new URL(promiseRequests()[0] ?? '', 'http://x').searchParams.get('urgent')).toBe('1');
    await next(user, 'Adicionar à encomenda');
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/ipredial'));
    expect(flowStore(FLOW).saved()?.form).toMatchObject({
      promesa_entrega: URGENT,
      urgente: true,
      step5: true,
    });
  });

  it("confirmation with unknown hours: the store's nsCopy for urgent, and no promise sent", async () => {
    api.answer('delivery-promise', promiseAnswer(null));
    saved({ ...answered, step4: true, urgente: true });
    const { user } = await open('confirmation', 16, PT_NS_COPY);
    await waitFor(() => expect(promiseRequests()).toHaveLength(1));
    await screen.findByText(`Entrega: ${PT_NS_COPY}. Enviamo-la por e-mail em PDF.`);
    await next(user, 'Adicionar à encomenda');
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/ipredial'));
    expect(flowStore(FLOW).saved()?.form?.promesa_entrega).toBeNull();
  });
});
