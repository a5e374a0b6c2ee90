import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupFakeApi } from '../../../testing/fake-api.ts';
import { resetCheckoutQueries } from '../checkout-routes.tsx';
import { cartWithNs, clientRecord, errorAnswer, okAnswer } from '../testing/checkout-fixtures.ts';

const api = setupFakeApi();
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCheckoutQueries();
});

const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const next = () => screen.getByRole('button', { name: 'Siguiente' });

describe('customer/register (spec 5 "Register")', () => {
  it("asks for a valid e-mail: 'Se requiere un email', 'Por favor, introduce un email válido'", async () => {
    await api.open('/app/customer/register', { cart: cartWithNs });
    await screen.findByRole('heading', { level: 1, name: '¿A qué e-mail te enviamos el pedido?' });
    expect(document.title).toBe('Identificación de cliente | Portal 14');
    // The acceptance names the legal pages as links (issue 18 item 6), not only the footer.
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/app/privacy',
    );
    expect(main.getByRole('link', { name: 'Condiciones de contratación' }).getAttribute('href')).toBe(
      '/app/conditions',
    );

    await userEvent.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe('Se requiere un email');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(emailField(), 'ana@');
    await userEvent.click(next());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Por favor, introduce un email válido'),
    );
    expect(api.paths().some((p) => p.includes('checkEmail'))).toBe(false);
  });

  it("an address already registered gets 'Ya existe un cliente…' and 'Identifícate aquí'", async () => {
    api.answer('checkEmail/email/ana%40example.es', okAnswer(api.baseUrl, {}, { exists: true }));
    await api.open('/app/customer/register', { cart: cartWithNs });
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), ' Ana@Example.es ');
    await userEvent.click(next());
    const alert = await screen.findByText('Ya existe un cliente registrado con esta dirección.');
    const link = screen.getByRole('link', { name: 'Identifícate aquí' });
    expect(alert.closest('[role="alert"]')?.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/app/customer/authenticate/ana%40example.es');

    await userEvent.click(link);
    // The e-mail is filled in on the log-in page.
    await screen.findByRole('heading', { level: 1, name: 'Identifícate' });
    expect((emailField() as HTMLInputElement).value).toBe('ana@example.es');
    expect(sessionStorage.getItem('temporal_validated_email')).toBeNull();
  });

  it('a new address is kept with the time the terms were accepted, and payment follows', async () => {
    api.answer('checkEmail/email/nuevo%40example.es', okAnswer(api.baseUrl, {}, { exists: false }));
    const before = Date.now();
    await api.open('/app/customer/register?store_id=14', { cart: cartWithNs });
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'nuevo@example.es');
    await userEvent.click(next());
    await screen.findByRole('heading', { level: 1, name: '¿Cómo quieres pagar?' });
    expect(window.location.pathname).toBe('/app/customer/payment');
    const kept = JSON.parse(sessionStorage.getItem('temporal_validated_email') ?? '{}');
    expect(kept.email).toBe('nuevo@example.es');
    expect(kept.acceptedAt).toBeGreaterThanOrEqual(before);
  });

  it('a logged-in customer skips register (spec 4) and, with card preferred, lands on checkout', async () => {
    api.answer('client', okAnswer(api.baseUrl, { loggedIn: true }, { client: clientRecord('cc') }));
    await api.open('/app/customer/register?store_id=14', {
      loggedIn: true,
      customerEmail: 'ana@example.es',
      cart: cartWithNs,
    });
    await screen.findByRole('heading', { level: 1, name: 'Revisa y paga tu pedido' });
    expect(window.location.pathname).toBe('/app/customer/checkout');
    expect(window.location.search).toBe('?store_id=14');
    expect(document.title).toBe('Checkout | Portal 14');
  });

  it.each([
    [16, 'Identificação do cliente | Portal 16'],
    [18, 'Customer identification | Portal 18'],
  ])('store %i titles the identification page in its language', async (store, title) => {
    await api.open('/app/customer/register', { store_id: store });
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe(title);
  });
});

describe('customer/authenticate (spec 5 "Authenticate")', () => {
  it("asks for the password: 'Por favor, introduce tu contraseña'", async () => {
    await api.open('/app/customer/authenticate/ana%40example.es', { cart: cartWithNs });
    await screen.findByRole('heading', { level: 1, name: 'Identifícate' });
    expect((emailField() as HTMLInputElement).value).toBe('ana@example.es');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, introduce tu contraseña');
    expect(api.paths().some((p) => p.includes('authenticate'))).toBe(false);
  });

  it('shows the refusal the server gives for a wrong password', async () => {
    api.answer('authenticate', errorAnswer(401, 'El e-mail o la contraseña no son correctos.'));
    await api.open('/app/customer/authenticate', { cart: cartWithNs });
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ana@example.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El e-mail o la contraseña no son correctos.',
    );
    const post = api.received.find((r) => r.url === '/desktopapp/rest/authenticate');
    expect(post?.body).toMatchObject({ email: 'ana@example.es', pass: 'wrong-password' });
  });

  it('logs in and goes on to payment, which sends a card customer to checkout', async () => {
    api.answer(
      'authenticate',
      okAnswer(api.baseUrl, { loggedIn: true, customerEmail: 'ana@example.es', cart: cartWithNs }),
    );
    api.answer(
      'client',
      okAnswer(
        api.baseUrl,
        { loggedIn: true, customerEmail: 'ana@example.es', cart: cartWithNs },
        { client: clientRecord('cc') },
      ),
    );
    await api.open('/app/customer/authenticate', { cart: cartWithNs });
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ana@example.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { level: 1, name: 'Revisa y paga tu pedido' });
    expect(screen.getByText('Pedido a nombre de ana@example.es')).toBeTruthy();
    expect(screen.getByText(/Pagarás con: Tarjeta de crédito o débito/)).toBeTruthy();
  });

  it('password recovery asks for the e-mail and says the same whether or not it exists', async () => {
    api.answer('rememberPassword/email/ana%40example.es', okAnswer(api.baseUrl));
    await api.open('/app/customer/authenticate/ana%40example.es');
    await userEvent.click(await screen.findByRole('button', { name: '¿Has olvidado tu contraseña?' }));
    await screen.findByRole('heading', { level: 1, name: 'Recuperar la contraseña' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByText(/Si hay una cuenta con ese e-mail/)).toBeTruthy();
    const call = api.paths().find((p) => p.includes('rememberPassword'));
    expect(call).toBe(
      // The link comes back to the orders (an empty cart), or to payment with a cart.
      '/desktopapp/rest/rememberPassword/email/ana%40example.es?path=%2Fcustomer%2Forders',
    );
  });
});

describe('returning to the page that asked (issue 20 item 2)', () => {
  it('logging in from "Identifícate para ver tus pedidos" comes back to the orders, not to an empty checkout', async () => {
    api.answer('authenticate', okAnswer(api.baseUrl, { loggedIn: true, customerEmail: 'ana@example.es' }));
    api.answer('pedidos', okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: [], toFinalize: false }));
    await api.open('/app/customer/orders');
    await userEvent.click(await screen.findByRole('link', { name: 'Identifícate para ver tus pedidos.' }));
    expect(window.location.pathname + window.location.search).toBe(
      '/app/customer/authenticate?back=%2Fcustomer%2Forders',
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ana@example.es');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Todavía no tienes pedidos.')).toBeTruthy();
    expect(window.location.pathname).toBe('/app/customer/orders');
  });

  it('asks for a log-in link by e-mail that comes back to the page that asked', async () => {
    api.answer(
      'loginLink',
      okAnswer(
        api.baseUrl,
        {},
        { message: 'Si hay una cuenta con esta dirección, te hemos enviado un email.' },
      ),
    );
    await api.open('/app/customer/authenticate?back=%2Fproduct%2Fform%2F3%2FNS-1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Entrar sin contraseña: recibir un enlace por e-mail' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Entrar con un enlace' });
    await userEvent.type(emailField(), 'ana@example.es');
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace' }));
    const sent = await screen.findByText('Si hay una cuenta con esta dirección, te hemos enviado un email.');
    expect(sent.getAttribute('role')).toBe('status');
    const post = api.received.find((r) => r.url === '/desktopapp/rest/loginLink');
    expect(post?.body).toMatchObject({ email: 'ana@example.es', path: '/product/form/3/NS-1' });
  });

  it('?mode=link (the confirmation mail) opens the link form with the address filled in', async () => {
    await api.open('/app/customer/authenticate/ana%40example.es?back=%2Fcustomer%2Forders&mode=link');
    await screen.findByRole('heading', { level: 1, name: 'Entrar con un enlace' });
    expect((emailField() as HTMLInputElement).value).toBe('ana@example.es');
  });
});

describe('customer/login/{token} (the mailed log-in link)', () => {
  const token = 'L'.repeat(43);

  it('logs in only when the customer presses Entrar, then goes to the page of ?path=', async () => {
    api.answer('loginWithLink', okAnswer(api.baseUrl, { loggedIn: true, customerEmail: 'ana@example.es' }));
    api.answer('pedidos', okAnswer(api.baseUrl, { loggedIn: true }, { pedidos: [], toFinalize: false }));
    await api.open(`/app/customer/login/${token}?path=%2Fcustomer%2Forders`);
    await screen.findByRole('heading', { level: 1, name: 'Entrar en tu cuenta' });
    expect(api.received.some((r) => r.url === '/desktopapp/rest/loginWithLink')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Todavía no tienes pedidos.')).toBeTruthy();
    expect(window.location.pathname).toBe('/app/customer/orders');
    const post = api.received.find((r) => r.url === '/desktopapp/rest/loginWithLink');
    expect(post?.body).toMatchObject({ token });
  });

  it("shows the server's 400 for a spent link and offers a new one", async () => {
    const spent = 'Este enlace para entrar ya se ha usado o ha caducado. Pide uno nuevo.';
    api.answer('loginWithLink', errorAnswer(400, spent, [{ path: 'token', message: spent }]));
    await api.open(`/app/customer/login/${token}?path=%2F%2Fevil.example`);
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(spent);
    // An off-site ?path= is ignored: the new link would come back to the orders.
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }).getAttribute('href')).toBe(
      '/app/customer/authenticate?back=%2Fcustomer%2Forders&mode=link',
    );
  });
});

describe('customer/password (the reset link)', () => {
  const token = 'q'.repeat(43);

  it('refuses a short password, then sets the new one with the token and goes on', async () => {
    api.answer('resetPassword', okAnswer(api.baseUrl, { loggedIn: true }));
    await api.open(`/app/customer/password/${token}?path=%2Fcustomer%2Fpayment`);
    await screen.findByRole('heading', { level: 1, name: 'Elige una contraseña nueva' });
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La contraseña es demasiado corta');
    await userEvent.type(screen.getByLabelText('Contraseña nueva'), '-and-long-now');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));
    expect(await screen.findByText('Tu contraseña se ha cambiado. Ya puedes identificarte.')).toBeTruthy();
    const post = api.received.find((r) => r.url === '/desktopapp/rest/resetPassword');
    expect(post?.body).toMatchObject({ token, pass: 'short-and-long-now' });
    expect(screen.getByRole('link', { name: 'Continuar' }).getAttribute('href')).toBe(
      '/app/customer/payment',
    );
  });

  it.each(['/app/customer/password', '/app/customer/password/short'])(
    '%s says the link is not valid',
    async (url) => {
      await api.open(url);
      expect((await screen.findByRole('alert')).textContent).toMatch(/Este enlace no es válido/);
    },
  );
});

describe('header: log out', () => {
  it('a logged-in customer logs out; the anonymous configuration comes back and services show', async () => {
    api.answer('logout', okAnswer(api.baseUrl, { loggedIn: false }));
    sessionStorage.setItem('temporal_payment_selected', 'bizum');
    await api.open('/app/servicios', { loggedIn: true, customerEmail: 'ana@example.es' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull());
    expect(api.received.some((r) => r.url === '/desktopapp/rest/logout' && r.method === 'POST')).toBe(true);
    expect(sessionStorage.getItem('temporal_payment_selected')).toBeNull();
    expect(await screen.findByText('Has cerrado la sesión.')).toBeTruthy();
  });

  it('an anonymous visitor has no log-out button', async () => {
    await api.open('/app/servicios');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });
});
