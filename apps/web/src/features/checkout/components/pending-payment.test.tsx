import type { OrderSuccess, Pedido, RuntimeConfig } from '@shop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { cartWithNs, errorAnswer, okAnswer, orderSuccess } from '../testing/checkout-fixtures.ts';
import { browser } from '../utils/browser.ts';

// Issue 17: pending payments the customer can see (item 4), the retry page of a
// paid order and the retry by the chosen method (item 5), MB WAY (item 7).

const api = setupFakeApi();
const leave = vi.fn();
const realLeave = browser.leave;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
  leave.mockReset();
  browser.leave = leave;
});
afterEach(() => {
  browser.leave = realLeave;
});

// The cart is in every answer's configuration: a late answer of one test
// (a refetch) must not empty the cart of the next one's payment page.
const PT: Partial<RuntimeConfig> = {
  store_id: 16,
  language: 'pt',
  loggedIn: true,
  payment_methods: ['cc', 'multibanco', 'paypal', 'mbway'],
  cart: cartWithNs,
};
const ORDER = '1600000042';
const VOUCHER = {
  entity: '21312',
  reference: '123456789',
  amount: '24.70',
  expires_at: '2026-12-01T10:00:00.000Z',
};
const ATM = '/payments/sandbox/multibanco/sbx_7_abcdefghijkl';
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

function summary(state: OrderSuccess['payment']['state'], pending?: OrderSuccess['payment']['pending']) {
  const order = orderSuccess(ORDER, state === 'paid' ? 'complete_pending' : 'processing', state, 'Pendente');
  return {
    ...order,
    payment_method: pending?.method ?? 'cc',
    payment: {
      ...order.payment,
      ...(pending ? { pending } : {}),
      ...(pending?.voucher ? { voucher: pending.voucher } : {}),
    },
  };
}

function pedido(pending: Pedido['pending_payment']): Pedido {
  return {
    order_id: ORDER,
    store_id: 16,
    created_at: '2026-11-26T09:05:00.000Z',
    total: 2470,
    status: 'processing',
    status_label: 'Pendente de pagamento',
    status_class: 'status-pending',
    paid: false,
    items: [],
    facturas: [],
    abonos: [],
    documents: [],
    incident: null,
    pending_payment: pending,
  };
}

describe('the open voucher on the success page', () => {
  it('shows entity, reference, amount and expiry, each copied by keyboard and announced; the sandbox ATM link', async () => {
    const user = userEvent.setup();
    api.answer(
      'orderSummary/',
      okAnswer(api.baseUrl, PT, {
        order: summary('pending', { method: 'multibanco', voucher: VOUCHER, sandbox_url: ATM }),
      }),
    );
    await api.open(`/app/checkout/success/${ORDER}`, PT);
    await heading('Obrigado! Recebemos a sua encomenda');
    expect(
      screen.getByText(/^Pendente de pagamento: referência Multibanco válida até 1 de dezembro de 2026/),
    ).toBeTruthy();
    expect(screen.getByTestId('voucher-entity').textContent).toBe('21312');
    expect(screen.getByTestId('voucher-reference').textContent).toBe('123 456 789');
    expect(screen.getByTestId('voucher-amount').textContent).toMatch(/^24,70\s€$/);

    const copyReference = screen.getByRole('button', { name: 'Copiar Referência' });
    copyReference.focus();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe('123456789');
    await waitFor(() => expect(screen.getByText('Copiado: Referência')).toBeTruthy());
    expect(screen.getByText('Copiado: Referência').getAttribute('aria-live')).toBe('polite');
    screen.getByRole('button', { name: 'Copiar Montante' }).focus();
    await user.keyboard(' ');
    expect(await navigator.clipboard.readText()).toBe('24,70');
    expect(screen.getAllByRole('button', { name: /^Copiar / })).toHaveLength(4);

    expect(
      screen.getByRole('link', { name: 'Pagar na caixa multibanco de testes' }).getAttribute('href'),
    ).toBe(ATM);
  });

  it('shows no sandbox link for a real gateway’s voucher, and a mandate with its masked account', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(
        api.baseUrl,
        { loggedIn: true },
        {
          order: summary('pending', {
            method: 'bank',
            mandate: {
              reference: 'MDT-1400000042-1',
              signed_at: '2026-11-26T09:05:00.000Z',
              account: 'ES91…1332',
            },
          }),
        },
      ),
    );
    await api.open(`/app/checkout/success/${ORDER}`, { loggedIn: true });
    await heading('¡Gracias! Hemos recibido tu pedido');
    expect(
      screen.getByText('Pendiente de pago: adeudo directo en curso con el mandato MDT-1400000042-1.'),
    ).toBeTruthy();
    expect(screen.getByTestId('mandate-reference').textContent).toBe('MDT-1400000042-1');
    expect(screen.getByText('ES91…1332')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Abrir el banco de pruebas' })).toBeNull();
  });
});

describe('customer/orders while a voucher or a debit is open', () => {
  it('says the voucher is open and offers another method only as an explained secondary choice', async () => {
    api.answer(
      'pedidos',
      okAnswer(api.baseUrl, PT, {
        pedidos: [pedido({ method: 'multibanco', voucher: VOUCHER, sandbox_url: ATM })],
        toFinalize: false,
      }),
    );
    await api.open('/app/customer/orders', PT);
    const article = within(await screen.findByRole('article', { name: `Encomenda ${ORDER}` }));
    expect(article.getByText(/^Pendente de pagamento: referência Multibanco válida até/)).toBeTruthy();
    expect(article.getByTestId('voucher-reference').textContent).toBe('123 456 789');
    expect(article.queryByRole('link', { name: 'Pagar encomenda' })).toBeNull();
    const other = article.getByRole('link', { name: 'Pagar de outra forma' });
    expect(other.getAttribute('href')).toBe(`/app/payment/order/${ORDER}`);
    const hint = document.getElementById(other.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(
      /^A sua referência Multibanco continua válida até 1 de dezembro de 2026/,
    );
    expect(
      article.getByRole('link', { name: 'Pagar na caixa multibanco de testes' }).getAttribute('href'),
    ).toBe(ATM);
  });

  it('an order with nothing open keeps the plain pay button', async () => {
    api.answer('pedidos', okAnswer(api.baseUrl, PT, { pedidos: [pedido(null)], toFinalize: false }));
    await api.open('/app/customer/orders', PT);
    const article = within(await screen.findByRole('article', { name: `Encomenda ${ORDER}` }));
    expect(article.getByRole('link', { name: 'Pagar encomenda' })).toBeTruthy();
    expect(article.queryByRole('link', { name: 'Pagar de outra forma' })).toBeNull();
  });
});

describe('payment/retry and payment/order', () => {
  it('the retry page of a paid order says it is paid and offers nothing', async () => {
    api.answer('orderSummary/', okAnswer(api.baseUrl, PT, { order: summary('paid') }));
    await api.open(`/app/payment/retry/${ORDER}`, PT);
    await heading('Esta encomenda já está paga');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText(/Ocorreu uma falha|Ha fallado/)).toBeNull();
    expect(localStorage.getItem('temporal_invalid_payment')).toBeNull();
  });

  it('another method for an order with an open voucher: the voucher stays valid, Multibanco is not issued twice', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(api.baseUrl, PT, { order: summary('pending', { method: 'multibanco', voucher: VOUCHER }) }),
    );
    await api.open(`/app/payment/order/${ORDER}`, PT);
    await heading('Como pretende pagar?');
    expect(screen.getByText(/^A sua referência Multibanco continua válida até/)).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'cc',
      'paypal',
      'mbway',
    ]);
  });

  it('a retry by Multibanco starts Multibanco: otherMethodsPaymentIntent with type=multibanco, then the voucher', async () => {
    api.answer('orderSummary/', okAnswer(api.baseUrl, PT, { order: summary('failed') }));
    api.answer(
      'otherMethodsPaymentIntent/',
      okAnswer(api.baseUrl, PT, { order_id: ORDER, attempt: 2, next: { type: 'voucher', ...VOUCHER } }),
    );
    await api.open(`/app/payment/retry/${ORDER}`, PT);
    await heading('Como pretende pagar?');
    await userEvent.click(screen.getByRole('radio', { name: 'Multibanco' }));
    await userEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    await heading('Pagamento por Multibanco');
    await userEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    await heading('Dados para pagamento por Multibanco');
    expect(api.paths()).toContain(
      `/desktopapp/rest/otherMethodsPaymentIntent/?order_id=${ORDER}&type=multibanco`,
    );
    expect(screen.getByTestId('voucher-reference').textContent).toBe('123 456 789');
  });
});

describe('payment/mbway (issue 17 item 7)', () => {
  function choseMbway() {
    sessionStorage.setItem('temporal_payment_selected', 'mbway');
    sessionStorage.setItem('temporal_payment_selected_date', String(Date.now()));
  }

  it('asks for a Portuguese mobile number (the domain rule, in the store language), then waits for the app', async () => {
    choseMbway();
    api.answer(
      'checkoutAuthenticated/',
      okAnswer(api.baseUrl, PT, { order_id: ORDER, store_id: 16, next: { type: 'pending' } }),
    );
    const waiting = summary('pending', {
      method: 'mbway',
      sandbox_url: '/payments/sandbox/mbway/sbx_7_abcdefghijkl',
    });
    api.answer(
      'orderSummary/',
      okAnswer(api.baseUrl, PT, { order: waiting }),
      okAnswer(api.baseUrl, PT, { order: summary('paid') }),
    );
    await api.open('/app/payment/mbway', { ...PT, cart: cartWithNs });
    await heading('Pagamento com MB WAY');
    const phone = screen.getByRole('textbox', { name: 'Telemóvel MB WAY' });
    await userEvent.type(phone, '612 345 678');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    expect(
      await screen.findByText(
        'Introduza um telemóvel português: 9 algarismos a começar por 9 (com ou sem +351)',
      ),
    ).toBeTruthy();
    expect(api.paths().some((p) => p.includes('checkout'))).toBe(false);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+351 912 345 678');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await heading('Obrigado! Recebemos a sua encomenda');
    const post = api.received.find((r) => r.url.includes('checkoutAuthenticated'));
    expect(post?.body).toMatchObject({ form: { type: 'mbway', phone: '912345678' } });
    expect(
      screen
        .getByText('Confirme o pagamento na app MB WAY. Esta página atualiza-se sozinha.')
        .getAttribute('role'),
    ).toBe('status');
    expect(screen.getByRole('link', { name: 'Abrir o MB WAY de testes' }).getAttribute('href')).toBe(
      '/payments/sandbox/mbway/sbx_7_abcdefghijkl',
    );
    // Confirmed in the app: the page follows it to paid.
    await waitFor(
      () => expect(screen.getByText('Enviámos-lhe a confirmação e a fatura por e-mail.')).toBeTruthy(),
      {
        timeout: 6000,
      },
    );
  }, 20_000);

  it('a declined request goes to the retry page, which says once that no money was taken', async () => {
    api.answer(
      'orderSummary/',
      okAnswer(api.baseUrl, PT, { order: summary('pending', { method: 'mbway' }) }),
      okAnswer(api.baseUrl, PT, { order: { ...summary('failed'), payment_method: 'mbway' } }),
    );
    await api.open(`/app/checkout/success/${ORDER}`, PT);
    await heading('Como pretende pagar?');
    expect(window.location.pathname).toBe(`/app/payment/retry/${ORDER}`);
    expect(screen.getByText('Não foi cobrado nenhum montante.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'MB WAY' })).toBeNull();
  }, 20_000);

  it('a retry by MB WAY sends the chosen type and the number', async () => {
    api.answer(
      'otherMethodsPaymentIntent/',
      okAnswer(api.baseUrl, PT, { order_id: ORDER, attempt: 2, next: { type: 'pending' } }),
    );
    api.answer(
      'orderSummary/',
      okAnswer(api.baseUrl, PT, { order: summary('pending', { method: 'mbway' }) }),
    );
    await api.open(`/app/payment/mbway?order_id=${ORDER}`, PT);
    await heading('Pagamento com MB WAY');
    await userEvent.type(screen.getByRole('textbox', { name: 'Telemóvel MB WAY' }), '912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Seguinte' }));
    await heading('Obrigado! Recebemos a sua encomenda');
    expect(api.paths()).toContain(
      `/desktopapp/rest/otherMethodsPaymentIntent/?order_id=${ORDER}&type=mbway&phone=912345678`,
    );
  });

  it("the server's refusal of the number lands on the field", async () => {
    choseMbway();
    api.answer(
      'checkoutAuthenticated/',
      errorAnswer(400, 'Verifique os dados assinalados.', [
        { path: 'form.phone', message: 'Número recusado' },
      ]),
    );
    await api.open('/app/payment/mbway', { ...PT, cart: cartWithNs });
    await heading('Pagamento com MB WAY');
    await userEvent.type(screen.getByRole('textbox', { name: 'Telemóvel MB WAY' }), '912345678');
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    expect(await screen.findByText('Número recusado')).toBeTruthy();
  });
});
