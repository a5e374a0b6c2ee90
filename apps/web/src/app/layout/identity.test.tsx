import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';

// Issue 18 item 6: every page's footer says, in the store's language, that the
// shop is a private service and not the registry, and links to the official
// channel with its fee (store-configurable); it links the legal pages too.
describe('the footer says what the shop is', () => {
  it.each([
    [
      14,
      /servicio privado.*No somos el Registro/,
      'registradores.org',
      'https://www.registradores.org/',
      '10,91',
    ],
    [
      16,
      /serviço privado.*Não somos a Conservatória/,
      'Predial Online',
      'https://www.predialonline.pt/',
      '15',
    ],
    [18, /private service.*not the registry/, 'registradores.org', 'https://www.registradores.org/', '10,91'],
  ])('store %i', async (storeId, words, channel, url, fee) => {
    await renderApp('/app/servicios', { store_id: storeId });
    const footer = screen.getByRole('contentinfo');
    const notice = within(footer).getByTestId('official-notice');
    expect(notice.textContent).toMatch(words);
    expect(notice.textContent).toContain(`${fee}\u00a0€`);
    expect(within(notice).getByRole('link', { name: channel }).getAttribute('href')).toBe(url);
  });

  it('follows the store setting official_channel', async () => {
    await renderApp('/app/servicios', {
      store_id: 14,
      official_channel: { name: 'Sede oficial', url: 'https://sede.example.es/', fee_cents: 902 },
    });
    const notice = within(screen.getByRole('contentinfo')).getByTestId('official-notice');
    expect(within(notice).getByRole('link', { name: 'Sede oficial' }).getAttribute('href')).toBe(
      'https://sede.example.es/',
    );
    expect(notice.textContent).toContain('9,02\u00a0€');
  });

  it('links the privacy policy and the contracting conditions', async () => {
    await renderApp('/app/servicios', { store_id: 16 });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Política de privacidade' }).getAttribute('href')).toBe(
      '/app/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Condições de contratação' }).getAttribute('href')).toBe(
      '/app/conditions',
    );
  });
});

describe('the legal pages', () => {
  it.each([
    ['/app/privacy', 14, 'Política de privacidad', /Agencia Española de Protección de Datos/],
    ['/app/conditions', 14, 'Condiciones de contratación', /suplido/],
    ['/app/privacy', 16, 'Política de privacidade', /Comissão Nacional de Proteção de Dados/],
    ['/app/conditions', 16, 'Condições de contratação', /Decreto-Lei n\.º 24\/2014/],
    ['/app/privacy', 18, 'Privacy policy', /GDPR/],
    ['/app/conditions', 18, 'Terms and conditions', /disbursement outside the VAT base/],
  ])('%s on store %i', async (url, storeId, heading, words) => {
    await renderApp(url, { store_id: storeId });
    const title = await screen.findByRole('heading', { level: 1, name: heading });
    const text = title.closest('article')?.textContent ?? '';
    expect(text).toMatch(words);
    // The version a registering customer accepts (recorded with the acceptance).
    expect(text).toMatch(/2026-11-01/);
    expect(text).not.toMatch(/legalPages\.|\{\{/);
  });
});
