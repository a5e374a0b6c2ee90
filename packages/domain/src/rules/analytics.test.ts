import { describe, expect, it } from 'vitest';
import {
  analyticsPrice,
  CONSENT_COOKIE,
  consentCookieValue,
  consentFromCookies,
  consentModeOf,
  isLateStep,
} from './analytics.ts';

describe('analytics rules (spec 4, 9)', () => {
  it('reports the fixed analytics prices of spec 9, else the item price', () => {
    expect(analyticsPrice(18421, 1100)).toBe(11);
    expect(analyticsPrice(18414, 2470)).toBe(24.7);
    expect(analyticsPrice(15867, 3066)).toBe(20.76);
    expect(analyticsPrice(18357, 1200)).toBe(12);
    expect(analyticsPrice(18464, 14900)).toBe(149);
  });

  it('Consent Mode v2: everything denied before a choice, each level grants its own storage', () => {
    expect(Object.entries(consentModeOf(null)).filter(([, v]) => v === 'granted')).toEqual([
      ['security_storage', 'granted'],
    ]);
    expect(consentModeOf({ functionality: false, tracking: true, targeting: false })).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      functionality_storage: 'denied',
    });
    expect(consentModeOf({ functionality: true, tracking: true, targeting: true })).toMatchObject({
      ad_personalization: 'granted',
      personalization_storage: 'granted',
    });
  });

  it.each([
    ['/nota-simple/step6', true],
    ['/nota-simple/step2', false],
    ['/q-propiedades/step7', true],
    ['/certidao-permanente/confirmation', true],
    ['/i-predial-simplificada/step1', false],
    ['/product/confirmation/18464', true],
    ['/product/step2/18464', false],
    ['/checkout/success/1400000001', true],
    ['/servicios', false],
  ])('late step %s: %s', (path, late) => {
    expect(isLateStep(path)).toBe(late);
  });
});

describe('the consent cookie (the server leaves the banner out for a visitor who chose)', () => {
  it.each([
    [{ functionality: false, tracking: false, targeting: false }, '1.000'],
    [{ functionality: true, tracking: true, targeting: true }, '1.111'],
    [{ functionality: true, tracking: false, targeting: false }, '1.100'],
  ])('writes %o as %s and reads it back from a Cookie header', (choice, value) => {
    expect(consentCookieValue(choice)).toBe(value);
    expect(consentFromCookies(`sid=abc; ${CONSENT_COOKIE}=${value}; other=1`)).toEqual(choice);
  });

  it.each(['', 'sid=abc', `${CONSENT_COOKIE}=2.111`, `${CONSENT_COOKIE}=1.11`, `${CONSENT_COOKIE}=1.1x1`])(
    'finds no choice in %j',
    (cookies) => {
      expect(consentFromCookies(cookies)).toBeNull();
    },
  );
});
