import type { Language } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { FeeBreakdown } from './fee-breakdown.tsx';

// The product pages' fee split says what the invoice says (issue 18): the official
// fee is a suplido outside the VAT base, VAT is on the service only, in every language.
describe('FeeBreakdown: the invoice words', () => {
  it.each([
    ['es', /suplido, sin IVA/, 'IVA (21 %) del servicio', '10,91'],
    ['pt', /sem IVA/, 'IVA (23 %) do serviço', '10,91'],
    ['en', /disbursement, no VAT/, 'VAT (21 %) on the service', '10,91'],
  ] as const)('%s', async (language: Language, outside, vat, fee) => {
    setConfig(makeRuntimeConfig({ language, store_id: language === 'pt' ? 16 : 14 }));
    const translate = await loadT(language);
    setT(translate);
    const { container } = render(
      <FeeBreakdown total={2076} officialFee={1091} vatRateBp={language === 'pt' ? 2300 : 2100} />,
    );
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    // The very labels the invoice PDF prints (invoice-pdf.ts uses the same feeSplit keys).
    expect(terms).toEqual([
      translate('feeSplit.officialFee'),
      translate('feeSplit.service'),
      translate('feeSplit.vat', { rate: language === 'pt' ? '23' : '21' }),
      translate('feeSplit.total'),
    ]);
    expect(terms[0]).toMatch(outside);
    expect(terms[2]).toBe(vat);
    expect(container.textContent).not.toMatch(/IVA incluido|IVA incluído|VAT included/);
    expect(container.querySelector('dd')?.textContent).toContain(fee);
    expect(screen.getByText(translate('feeSplit.note'))).toBeTruthy();
    // A product intro's price split also says what the shop is and names the official channel.
    expect(screen.getByTestId('official-notice').textContent).toContain(translate('identity.private'));
  });
});
