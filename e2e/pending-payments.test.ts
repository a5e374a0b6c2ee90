import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useShopPage } from './support/shop-page.ts';
import { NS_FORM, saveWizardForm } from './support/wizard-storage.ts';

// Issue 17's acceptance for pending payments, retries and MB WAY, in Chromium
// at 360px against the real built server and its sandbox gateway:
// (a) store 16: a declined card, the retry by Multibanco shows a voucher, the
//     voucher mail arrives, customer/orders shows the open voucher with no
//     pay-again button, the sandbox ATM (linked from the screen) pays it;
// (b) store 14: a failed card, then a new cart, gives a new order, and the
//     failed order is still payable from customer/orders;
// (c) MB WAY on store 16, paid through the sandbox's MB WAY page.

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 780 });
  },
});

const CERTIDAO_FORM = {
  distrito_concelho_freguesia: 'Lisboa / Lisboa / Estrela',
  forma_identificar_matricial: true,
  forma_identificar_livro: false,
  forma_identificar_ficha: false,
  tipo_rustica: false,
  tipo_urbana: true,
  numero_artigo: '1234',
  seccao: '',
  num_livro: '',
  livro: '',
  folhas: '',
  num_ficha: '',
  prop_horizontal: false,
  prop_horizontal_fracao: '',
  quiere_un_certidao: true,
  step1: true,
  step2: true,
  step3: true,
  step4: true,
  step5: true,
  step6: true,
  step7: true,
  step8: true,
};

const FAILED_PT =
  'A tentativa de pagamento falhou; oferecemos-lhe novos métodos de pagamento alternativos para que possa concluir a sua encomenda.';
const FAILED_ES =
  'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.';

let emails = 0;
const newEmail = () => `pendente${Date.now()}${++emails}@example.pt`;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A wizard's form saved and added to the cart (cart/add/{kind}); the rest of the storage is kept. */
async function addToCart(store: number, kind: 'ns' | 'certidao', key: string, form: object, clear = true) {
  const { page, origin } = shop;
  await page.goto(`${origin}/app/servicios?store_id=${store}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  if (clear) await page.evaluate(() => localStorage.clear());
  await saveWizardForm(page, key, form);
  await page.goto(`${origin}/app/cart/add/${kind}`);
  await page.getByTestId('cart-total').waitFor();
}

async function buyFromHeader(label: RegExp, buy: string) {
  await shop.page.getByRole('button', { name: label }).click();
  await shop.page.getByRole('link', { name: buy }).click();
}

/** A new customer on store 16 (register with the e-mail) up to the payment choice. */
async function registerOn16(email: string) {
  const { page } = shop;
  await addToCart(16, 'certidao', 'last_certidao_form', CERTIDAO_FORM);
  await buyFromHeader(/artigos? na sua encomenda/i, 'Finalizar encomenda');
  await heading(page, 'Para que e-mail enviamos a encomenda?').waitFor();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Seguinte' }).click();
  await heading(page, 'Como pretende pagar?').waitFor();
}

async function choose(method: string, next: string) {
  await shop.page.getByRole('radio', { name: method }).check();
  await shop.page.getByRole('button', { name: next }).click();
}

async function payByCard(texts: { number: string; month: string; year: string; cvc: string }, card: string) {
  const { page } = shop;
  await page.getByRole('textbox', { name: texts.number }).fill(card);
  await page.getByRole('combobox', { name: texts.month }).selectOption('3');
  await page.getByRole('textbox', { name: texts.year }).fill(String(new Date().getFullYear() + 3));
  await page.getByRole('textbox', { name: texts.cvc }).fill('123');
  await page.getByRole('button', { name: /^Pagar/ }).click();
}
const CARD_PT = { number: 'Número do cartão', month: 'Mês', year: 'Ano', cvc: 'Código de segurança (CVC)' };
const CARD_ES = { number: 'Número de tarjeta', month: 'Mes', year: 'Año', cvc: 'Código de seguridad (CVC)' };

/** The mail viewer's subjects of the mails to `to`. */
async function subjectsTo(to: string): Promise<string[]> {
  const html = await (await fetch(shop.mailViewer)).text();
  return [...html.matchAll(/<tr><td><a href="\/dev\/mail\/[\w-]+\/\d+">\d+<\/a><\/td>(.*?)<\/tr>/g)]
    .map(([, cells]) => [...(cells ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1] ?? ''))
    .filter((td) => td[2] === to)
    .map((td) => (td[3] ?? '').replace(/<[^>]+>/g, ''));
}

/** customer/orders, the order's card. */
async function orderCard(page: Page, title: string, name: string) {
  await page.goto(`${shop.origin}/app/customer/orders`);
  await heading(page, title).waitFor();
  const card = page.getByRole('article', { name });
  await card.waitFor();
  return card;
}

/**
 * The voucher shown (entity, reference), its mail, customer/orders with the open
 * voucher and no pay-again button, the sandbox ATM reached from that screen, paid.
 */
async function voucherToPaid(page: Page, email: string, orderId: string) {
  const entity = await page.getByTestId('voucher-entity').first().textContent();
  const reference =
    (await page.getByTestId('voucher-reference').first().textContent())?.replace(/\s/g, '') ?? '';
  expect(entity).toMatch(/^\d{5}$/);
  expect(reference).toMatch(/^\d{9}$/);
  await expectAccessible(page);

  await expect
    .poll(() => subjectsTo(email), { timeout: 30_000 })
    .toContain(`Dados para pagar a sua encomenda ${orderId} por Multibanco`);

  const card = await orderCard(page, 'As minhas encomendas', `Encomenda ${orderId}`);
  await card.getByText(/^Pendente de pagamento: referência Multibanco válida até/).waitFor();
  expect((await card.getByTestId('voucher-reference').textContent())?.replace(/\s/g, '')).toBe(reference);
  expect(await card.getByRole('link', { name: 'Pagar ordem' }).count()).toBe(0);
  expect(await card.getByRole('link', { name: 'Pagar de outra forma' }).count()).toBe(1);
  // The copy buttons work by keyboard and say so.
  await card.getByRole('button', { name: 'Copiar Referência' }).focus();
  await page.keyboard.press('Enter');
  await card.getByText(/^(Copiado: Referência|Não foi possível copiar)/).waitFor();
  await expectAccessible(page);

  // The sandbox's ATM page, from the screen (a real customer pays at a real ATM).
  await card.getByRole('link', { name: 'Pagar na caixa multibanco de testes' }).click();
  expect((await page.getByTestId('reference').textContent())?.replace(/\s/g, '')).toBe(reference);
  await page.getByRole('button', { name: 'Pagar na caixa multibanco' }).click();
  await page.getByRole('link').first().click();
  await heading(page, 'Obrigado! Recebemos a sua encomenda').waitFor();
  await page.getByText('Enviámos-lhe a confirmação e a fatura por e-mail.').waitFor();
  const paid = await orderCard(page, 'As minhas encomendas', `Encomenda ${orderId}`);
  expect(await paid.getByText(/^Pendente de pagamento/).count()).toBe(0);
  expect(await paid.getByRole('link', { name: 'Pagar de outra forma' }).count()).toBe(0);
}

describe('pending payments on store 16 (issue 17 item 4)', () => {
  // Waits for pay-core's branch: otherMethodsPaymentIntent must honour &type=multibanco
  // (today it starts a card payment whatever the type, so no voucher appears).
  it('(a) a declined card, the retry by Multibanco: voucher, mail, open on the orders page, paid at the sandbox ATM', async () => {
    const { page } = shop;
    const email = newEmail();
    await registerOn16(email);
    await choose('Cartão de crédito ou débito', 'Seguinte');
    await heading(page, 'Pagamento com cartão').waitFor();
    await payByCard(CARD_PT, '4000000000000002');

    await heading(page, 'Como pretende pagar?').waitFor();
    const orderId = /\/payment\/retry\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(orderId).toMatch(/^16\d{8}$/);
    // Said once, with no money taken.
    await page.getByText(FAILED_PT).waitFor();
    expect(await page.getByText(FAILED_PT).count()).toBe(1);
    expect(await page.getByText('Não foi cobrado nenhum montante.').count()).toBe(1);
    await expectAccessible(page);

    await choose('Multibanco', 'Seguinte');
    await heading(page, 'Pagamento por Multibanco').waitFor();
    await page.getByRole('button', { name: 'Seguinte' }).click();
    await heading(page, 'Dados para pagamento por Multibanco').waitFor();
    expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
    await voucherToPaid(page, email, orderId);
  });

  it('a voucher at checkout: shown, mailed, open on the orders page with no pay-again button, paid at the sandbox ATM', async () => {
    const { page } = shop;
    const email = newEmail();
    await registerOn16(email);
    await choose('Multibanco', 'Seguinte');
    await heading(page, 'Pagamento por Multibanco').waitFor();
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await heading(page, 'Dados para pagamento por Multibanco').waitFor();
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    expect(orderId).toMatch(/^16\d{8}$/);

    // The success page shows the voucher too, with the sandbox ATM's link.
    await page.getByRole('link', { name: `Número da encomenda: ${orderId}` }).click();
    await heading(page, 'Obrigado! Recebemos a sua encomenda').waitFor();
    await page.getByText(/^Pendente de pagamento: referência Multibanco válida até/).waitFor();
    expect(await page.getByRole('link', { name: 'Pagar na caixa multibanco de testes' }).count()).toBe(1);
    await voucherToPaid(page, email, orderId);
  });
});

describe('after a failed payment on store 14 (issue 17 item 5)', () => {
  it('(b) a new cart checks out as a new order; the failed order stays payable from the orders page', async () => {
    const { page, origin } = shop;
    await addToCart(14, 'ns', 'last_ns_form', NS_FORM);
    await buyFromHeader(/artículos? en tu pedido/, 'Tramitar pedido');
    await heading(page, '¿A qué e-mail te enviamos el pedido?').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(newEmail());
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    await choose('Tarjeta de crédito o débito', 'Siguiente');
    await heading(page, 'Pago con tarjeta').waitFor();
    await payByCard(CARD_ES, '4000000000000002');
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    const failedId = /\/payment\/retry\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(failedId).toMatch(/^14\d{8}$/);
    expect(await page.getByText(FAILED_ES).count()).toBe(1);
    expect(await page.getByText('No se ha realizado ningún cargo.').count()).toBe(1);

    // The customer leaves it: a new cart (the storage kept), bought from the header.
    await page.goto(`${origin}/app/servicios?store_id=14`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await addToCart(14, 'ns', 'last_ns_form', { ...NS_FORM, direccion: 'Calle Mayor 9' }, false);
    expect(await page.evaluate(() => localStorage.getItem('temporal_invalid_payment'))).toBeNull();
    await buyFromHeader(/artículos? en tu pedido/, 'Tramitar pedido');
    // The choice (if the server still flags the session) is for the cart, not the failed order.
    const first = page.getByRole('heading', {
      level: 1,
      name: /^(¿Cómo quieres pagar\?|Revisa y paga tu pedido|Pago con tarjeta)$/,
    });
    await first.waitFor();
    const where = await first.textContent();
    if (where === '¿Cómo quieres pagar?') {
      expect(await page.getByText(`Pedido ${failedId}`).count()).toBe(0);
      expect(await page.getByText(FAILED_ES).count()).toBe(0);
      await expectAccessible(page);
      await choose('Tarjeta de crédito o débito', 'Siguiente');
    } else if (where === 'Revisa y paga tu pedido') {
      await page
        .getByRole('button', { name: /tarjeta|Pagar/i })
        .last()
        .click();
    }
    await heading(page, 'Pago con tarjeta').waitFor();
    expect(new URL(page.url()).searchParams.get('order_id')).toBeNull();
    await payByCard(CARD_ES, '4242424242424242');
    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
    const newId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(newId).toMatch(/^14\d{8}$/);
    expect(newId).not.toBe(failedId);

    // The failed order is still there to pay, from the orders page.
    const card = await orderCard(page, 'Mis pedidos', `Pedido ${failedId}`);
    await card.getByRole('link', { name: 'Pagar pedido' }).click();
    await heading(page, '¿Cómo quieres pagar?').waitFor();
    await page.getByText(`Pedido ${failedId}`).waitFor();
    await expectAccessible(page);
    await choose('Bizum', 'Siguiente');
    await heading(page, 'Pago con Bizum').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('textbox', { name: 'Teléfono móvil' }).fill('600 123 123');
    await page.getByRole('button', { name: 'He confirmado el pago' }).click();
    await heading(page, '¡Gracias! Hemos recibido tu pedido').waitFor();
    expect(page.url()).toContain(`/checkout/success/${failedId}`);
    await page.getByText('Te hemos enviado la confirmación y la factura por e-mail.').waitFor();
  });
});

describe('MB WAY on store 16 (issue 17 item 7)', () => {
  it('(c) the number, "confirm in the app" while waiting, the sandbox MB WAY page approves, the order is paid', async () => {
    const { page } = shop;
    await registerOn16(newEmail());
    await choose('MB WAY', 'Seguinte');
    await heading(page, 'Pagamento com MB WAY').waitFor();
    const phone = page.getByRole('textbox', { name: 'Telemóvel MB WAY' });
    await phone.fill('612 345 678');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await page
      .getByText('Introduza um telemóvel português: 9 algarismos a começar por 9 (com ou sem +351)')
      .waitFor();
    await expectAccessible(page);
    await phone.fill('+351 912 345 678');
    await page.getByRole('button', { name: /^Pagar/ }).click();

    await heading(page, 'Obrigado! Recebemos a sua encomenda').waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(orderId).toMatch(/^16\d{8}$/);
    await page.getByText('Confirme o pagamento na app MB WAY. Esta página atualiza-se sozinha.').waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Abrir o MB WAY de testes' }).click();
    await page.getByText('Pedido de pagamento enviado para o +351 9•• ••• 678.').waitFor();
    await page.getByText('Confirme o pagamento na app MB WAY.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Confirmei na app' }).click();
    await heading(page, 'Obrigado! Recebemos a sua encomenda').waitFor();
    expect(page.url()).toContain(`/checkout/success/${orderId}`);
    await page.getByText('Enviámos-lhe a confirmação e a fatura por e-mail.').waitFor();
  });
});
