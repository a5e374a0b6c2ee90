import { describe, expect, it } from 'vitest';
import { saveCartForm } from './support/cart-forms.ts';
import { mailsTo, mailText } from './support/mail-viewer.ts';
import { useShopPage } from './support/shop-page.ts';

// Issue 20 item 3's acceptance (ADR 033): one status vocabulary per language. A
// card purchase on the Portuguese (16) and English (18) stores: the success
// page, the orders page and the confirmation mail say the same word for the
// same status, in the store's language (the Spanish one is the keyboard test's).

const shop = useShopPage({
  prepare: async (page) => {
    await page.setViewportSize({ width: 360, height: 740 });
  },
});

const CASES = [
  {
    store: 16,
    register: 'Para que e-mail enviamos a encomenda?',
    next: 'Seguinte',
    card: 'Cartão de crédito ou débito',
    number: 'Número do cartão',
    month: 'Mês',
    year: 'Ano',
    cvc: 'Código de segurança (CVC)',
    success: 'Obrigado! Recebemos a sua encomenda',
    orders: 'As minhas encomendas',
    status: 'Estado: Pendente de tramitação',
    mail: 'Estado da encomenda: Pendente de tramitação',
    word: 'Pendente de tramitação',
  },
  {
    store: 18,
    register: 'Which e-mail address should we send your order to?',
    next: 'Next',
    card: 'Credit or debit card',
    number: 'Card number',
    month: 'Month',
    year: 'Year',
    cvc: 'Security code (CVC)',
    success: 'Thank you! We have received your order',
    orders: 'My orders',
    status: 'Status: Awaiting processing',
    mail: 'Order status: Awaiting processing',
    word: 'Awaiting processing',
  },
] as const;

describe('one status word per language (Chromium, real shop, sandbox card)', () => {
  it.each(CASES)('store $store: "$word" on the success page, the orders page and the mail', async (c) => {
    const { page, origin } = shop;
    await page.goto(`${origin}/app/servicios?store_id=${c.store}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${origin}${await saveCartForm(page, c.store)}`);
    await page.getByTestId('cart-total').waitFor();

    await page.goto(`${origin}/app/customer/register`);
    await page.getByRole('heading', { level: 1, name: c.register }).waitFor();
    const email = `estado${c.store}${Date.now()}@example.es`;
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: c.next }).click();
    await page.getByRole('radio', { name: c.card }).check();
    await page.getByRole('button', { name: c.next }).click();
    await page.getByRole('textbox', { name: c.number }).fill('4242 4242 4242 4242');
    await page.getByRole('combobox', { name: c.month }).selectOption('3');
    await page.getByRole('textbox', { name: c.year }).fill(String(new Date().getFullYear() + 3));
    await page.getByRole('textbox', { name: c.cvc }).fill('123');
    await page.getByRole('button', { name: /^(Pagar|Pay) / }).click();

    await page.getByRole('heading', { level: 1, name: c.success }).waitFor();
    const orderId = /\/checkout\/success\/(\d+)/.exec(page.url())?.[1] ?? '';
    expect(await page.getByTestId('success-status').textContent()).toBe(c.status);

    await page.goto(`${origin}/app/customer/orders`);
    await page.getByRole('heading', { level: 1, name: c.orders }).waitFor();
    const order = page.getByRole('main').locator('article').filter({ hasText: orderId });
    await order.waitFor();
    const shown = (await order.textContent()) ?? '';
    expect(shown).toContain(c.word);
    // No Spanish status word on a Portuguese or English store.
    expect(shown).not.toMatch(/Pendiente|tramitación|Listo|Abonado/);

    await expect
      .poll(async () => (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [mail] = (await mailsTo(shop.mailViewer, email)).filter((m) => m.attachments > 0);
    expect(await mailText(shop.mailViewer, mail?.id ?? '')).toContain(c.mail);
  });
});
