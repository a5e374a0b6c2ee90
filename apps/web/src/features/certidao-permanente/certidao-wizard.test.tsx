import type { CertificateForm } from '@shop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { blankFlowForm } from '../../shared/wizard/flow-forms.ts';
import { flowStore, getFlowForm, setFlowForm } from '../../shared/wizard/flow-store.ts';
import { dropWizardCaches } from '../../shared/wizard/wizard-store.ts';
import { setupFakeApi } from '../../testing/fake-api.ts';
import { FLOW } from './utils/certidao-plan.ts';

const PLACE = 'Lisboa / Lisboa / Benfica';
const steps = (...names: string[]) => Object.fromEntries(names.map((n) => [n, true]));
const UP_TO_STEP5 = steps('step1', 'step2', 'step3', 'step4');

/** A saved form, as a reload finds it in localStorage. */
function saved(form: Partial<CertificateForm>) {
  setFlowForm(FLOW, { ...blankFlowForm(FLOW), quiere_un_certidao: true, ...form });
  dropWizardCaches();
}

const api = setupFakeApi();

async function open(step: string, storeId = 16) {
  const result = await api.open(`/app/certidao-permanente/${step}?store_id=${storeId}&utm_source=a%26b`, {
    store_id: storeId,
  });
  // The wizard is a lazy chunk: wait for its first heading.
  await screen.findByRole('heading', { level: 1 });
  return { ...result, user: userEvent.setup() };
}

const startsWith = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}`);
const heading = () => screen.getByRole('heading', { level: 1 });
const where = () => window.location.pathname + window.location.search;
const at = (step: string) => `/app/certidao-permanente/${step}?store_id=16&utm_source=a%26b`;
const next = (user: ReturnType<typeof userEvent.setup>, name = 'Seguinte') =>
  user.click(screen.getByRole('button', { name }));

beforeEach(() => {
  localStorage.clear();
  dropWizardCaches();
});

describe('certidão permanente: entering the wizard', () => {
  it("shows the server's price: an operator's change in the catalogue reaches the wizard", async () => {
    api.changeProduct(18414, { price: 3000 });
    await open('step1');
    const price = (await screen.findByText('Total, tudo incluído')).closest('dl');
    expect(price?.textContent).toContain('Total, tudo incluído30\u00a0€');
  });

  it('step1 shows the all-in price (official fee + service + IVA = 24,70) and records quiere_un_certidao', async () => {
    const { user } = await open('step1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certidão Permanente do registo predial' }));
    const price = (await screen.findByText('Total, tudo incluído')).closest('dl');
    expect(price?.textContent).toContain('Taxa oficial (despesa, sem IVA)15\u00a0€');
    expect(price?.textContent).toContain('Serviço (valor tributável)7,89\u00a0€');
    expect(price?.textContent).toContain('IVA (23 %) do serviço1,81\u00a0€');
    expect(price?.textContent).toContain('Total, tudo incluído24,70\u00a0€');
    await next(user, 'Pedir a certidão');
    await waitFor(() => expect(heading().textContent).toBe('Onde se situa o prédio?'));
    expect(where()).toBe(at('step2'));
    expect(document.activeElement).toBe(heading());
    expect(flowStore(FLOW).saved()?.form).toMatchObject({
      quiere_un_certidao: true,
      step1: true,
      step2: false,
    });
    await waitFor(() => expect(document.title).toBe('Certidão Permanente | Portal 16'));
  });

  it.each([14, 1, 18])('store %i is refused: services, query kept', async (storeId) => {
    await open('step1', storeId);
    await waitFor(() => expect(window.location.pathname).toBe('/app/servicios'));
    expect(window.location.search).toBe(`?store_id=${storeId}&utm_source=a%26b`);
  });

  it.each([
    ['step5', {}, 'step1'],
    ['step5', { ...steps('step1', 'step2'), distrito_concelho_freguesia: PLACE }, 'step3'],
    [
      'confirmation',
      {
        ...UP_TO_STEP5,
        step5: true,
        step6: true,
        step7: true,
        distrito_concelho_freguesia: PLACE,
        forma_identificar_ficha: true,
        num_ficha: '1234',
      },
      'step8',
    ],
  ] as const)(
    '%s with earlier steps not valid goes to the first invalid one, query kept',
    async (step, flags, first) => {
      saved(flags);
      await open(step);
      await waitFor(() => expect(where()).toBe(at(first)));
    },
  );

  it('an unknown step goes to services; no step goes to step1', async () => {
    const { unmount } = await open('step9');
    await waitFor(() => expect(window.location.pathname).toBe('/app/servicios'));
    unmount();
    await api.open('/app/certidao-permanente?store_id=16', { store_id: 16 });
    await waitFor(() => expect(where()).toBe('/app/certidao-permanente/step1?store_id=16'));
  });

  it.each(['step4', 'step5'])(
    '%s: a step the answers do not call for is recorded and passed (step4 is only for a matricial article)',
    async (step) => {
      saved({
        ...steps('step1', 'step2', 'step3'),
        distrito_concelho_freguesia: PLACE,
        forma_identificar_ficha: true,
      });
      await open(step);
      await waitFor(() => expect(where()).toBe(at('step5')));
      expect(heading().textContent).toBe('Qual é o número de descrição?');
      // Not asked, so never demanded: the guard lets step5 in without it.
      expect(getFlowForm(FLOW).step4).toBe(false);
    },
  );

  it('a saved form whose data no longer holds sends the customer back to the step to fix', async () => {
    saved({
      ...UP_TO_STEP5,
      step5: true,
      step6: true,
      step7: true,
      distrito_concelho_freguesia: PLACE,
      forma_identificar_matricial: true,
      tipo_urbana: true,
      numero_artigo: '',
    });
    await open('step8');
    await waitFor(() => expect(where()).toBe(at('step5')));
  });
});

describe('certidão permanente: validation step by step', () => {
  it('step2 asks for a freguesia picked from the list', async () => {
    saved(steps('step1'));
    const { user } = await open('step2');
    await next(user);
    const input = screen.getByRole('combobox', { name: /Freguesia/ });
    expect(screen.getByText('Escolha a freguesia na lista de sugestões.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(where()).toBe(at('step2'));
  });

  it('step3 asks for a mode; choosing one goes on (matricial to step4, ficha past it to step5)', async () => {
    saved({ ...steps('step1', 'step2'), distrito_concelho_freguesia: PLACE });
    const { user } = await open('step3');
    expect(heading().textContent).toBe('Como deseja identificar o prédio?');
    await next(user);
    expect(screen.getByText('Escolha como deseja identificar o prédio.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Número de descrição em ficha/ }));
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step5')));
    expect(heading().textContent).toBe('Qual é o número de descrição?');
    expect(getFlowForm(FLOW)).toMatchObject({ forma_identificar_ficha: true, step3: true, step4: true });
  });

  it('switching mode clears the other modes’ fields and asks their step again', async () => {
    saved({
      ...UP_TO_STEP5,
      step5: true,
      distrito_concelho_freguesia: PLACE,
      forma_identificar_matricial: true,
      tipo_rustica: true,
      numero_artigo: '1234',
      seccao: 'B',
    });
    const { user } = await open('step3');
    expect((screen.getByRole('radio', { name: /Informação matricial/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('radio', { name: /Número de descrição em livro/ }));
    expect(getFlowForm(FLOW)).toMatchObject({
      forma_identificar_matricial: false,
      forma_identificar_livro: true,
      tipo_rustica: false,
      numero_artigo: '',
      seccao: '',
      step4: true,
      step5: false,
    });
    await next(user);
    await waitFor(() => expect(heading().textContent).toBe('Onde está descrito o prédio?'));
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(heading().textContent).toBe('Como deseja identificar o prédio?'));
    await user.click(screen.getByRole('radio', { name: /Informação matricial/ }));
    await next(user);
    await waitFor(() => expect(heading().textContent).toBe('O prédio é rústico ou urbano?'));
    expect((screen.getByRole('radio', { name: 'Rústico' }) as HTMLInputElement).checked).toBe(false);
  });

  it('step4 asks rústico or urbano', async () => {
    saved({
      ...steps('step1', 'step2', 'step3'),
      distrito_concelho_freguesia: PLACE,
      forma_identificar_matricial: true,
    });
    const { user } = await open('step4');
    await next(user);
    expect(screen.getByText('Indique se o prédio é rústico ou urbano.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Urbano' }));
    await next(user);
    await waitFor(() => expect(heading().textContent).toBe('Qual é o artigo matricial?'));
    expect(screen.getByRole('textbox', { name: /Secção/ }).getAttribute('required')).toBeNull();
  });

  const matricial = { forma_identificar_matricial: true };
  it.each([
    [
      'urban article missing',
      { ...matricial, tipo_urbana: true },
      {},
      ['Indique o número do artigo matricial.'],
    ],
    [
      'article not a number',
      { ...matricial, tipo_urbana: true },
      { 'Número do artigo matricial': '12A' },
      ['O artigo matricial só pode ter algarismos, por exemplo 1234.'],
    ],
    [
      'rural article without its section',
      { ...matricial, tipo_rustica: true },
      { 'Número do artigo matricial': '1234' },
      ['Indique a secção: é obrigatória para prédios rústicos.'],
    ],
    [
      'ficha not a number',
      { forma_identificar_ficha: true },
      { 'Número de descrição (ficha)': 'doze' },
      ['O número de descrição só pode ter algarismos, por exemplo 1234 ou 1234/20050315.'],
    ],
    [
      'book: number and sheets must be numbers, the book is required',
      { forma_identificar_livro: true },
      { 'Número de descrição no livro': 'nove', Folhas: 'folha três' },
      [
        'O número de descrição no livro só pode ter algarismos.',
        'Indique o livro.',
        'Indique as folhas com algarismos, por exemplo 34, 34v ou 34-35v.',
      ],
    ],
  ])('step5: %s', async (_name, form, typed, messages) => {
    saved({ ...UP_TO_STEP5, distrito_concelho_freguesia: PLACE, ...form });
    const { user } = await open('step5');
    for (const [label, text] of Object.entries(typed)) {
      await user.type(screen.getByRole('textbox', { name: startsWith(label) }), text);
    }
    await next(user);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(messages);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(where()).toBe(at('step5'));
  });

  it('step5: a reload keeps what was typed', async () => {
    saved({ ...UP_TO_STEP5, distrito_concelho_freguesia: PLACE, ...matricial, tipo_urbana: true });
    const first = await open('step5');
    await first.user.type(screen.getByRole('textbox', { name: /^Número do artigo matricial/ }), '4321');
    first.unmount();
    dropWizardCaches();
    await open('step5');
    expect(
      (screen.getByRole('textbox', { name: /^Número do artigo matricial/ }) as HTMLInputElement).value,
    ).toBe('4321');
  });

  it('step6 asks Sim or Não; Não skips the unit and clears it, Sim asks it', async () => {
    const form = {
      ...UP_TO_STEP5,
      step5: true,
      distrito_concelho_freguesia: PLACE,
      forma_identificar_ficha: true,
      num_ficha: '1234',
    };
    saved(form);
    const { user, unmount } = await open('step6');
    await next(user);
    expect(screen.getByText('Responda Sim ou Não.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await next(user);
    await waitFor(() => expect(where()).toBe(at('step8')));
    expect(getFlowForm(FLOW)).toMatchObject({ prop_horizontal: false, step6: true, step7: true });
    unmount();

    saved(form);
    const second = await open('step6');
    await second.user.click(screen.getByRole('radio', { name: 'Sim' }));
    await next(second.user);
    await waitFor(() => expect(where()).toBe(at('step7')));
    await next(second.user);
    expect(screen.getByText('Indique a fração autónoma, por exemplo A ou AB.')).toBeTruthy();
    await second.user.type(screen.getByRole('textbox', { name: /^Fração autónoma/ }), 'AB');
    await next(second.user);
    await waitFor(() => expect(where()).toBe(at('step8')));
  });
});

describe('certidão permanente: summary and confirmation', () => {
  const complete = {
    ...UP_TO_STEP5,
    step5: true,
    step6: true,
    step7: true,
    step8: true,
    distrito_concelho_freguesia: PLACE,
    forma_identificar_matricial: true,
    tipo_urbana: true,
    numero_artigo: '1234',
    seccao: 'B',
  };

  it('step8 lists the answers with change links', async () => {
    saved({ ...complete, step8: false });
    const { user } = await open('step8');
    const summary = screen.getByText('Identificação do prédio').closest('dl');
    expect(summary?.textContent).toContain(PLACE);
    expect(summary?.textContent).toContain('Artigo matricial urbano n.º 1234, secção B');
    await user.click(screen.getByRole('button', { name: 'Alterar: Identificação do prédio' }));
    await waitFor(() => expect(where()).toBe(at('step3')));
  });

  it('confirmation shows 24,70 and goes to cart/add/certidao with the query', async () => {
    saved(complete);
    const { user } = await open('confirmation');
    expect(heading().textContent).toBe('Confirmar o pedido');
    expect((await screen.findByText('Total, tudo incluído')).closest('div')?.textContent).toContain(
      '24,70\u00a0€',
    );
    await next(user, 'Adicionar à encomenda');
    await waitFor(() => expect(window.location.pathname).toBe('/app/cart/add/certidao'));
    expect(window.location.search).toBe('?store_id=16&utm_source=a%26b');
  });
});
