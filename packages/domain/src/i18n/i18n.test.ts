import { describe, expect, it } from 'vitest';
import type { Language } from '../schemas/config.ts';
import en from './en.json';
import es from './es.json';
import { loadT } from './load.ts';
import pt from './pt.json';
import { createT, flattenCatalogue, LOCALES, type TranslationKey } from './translate.ts';

const catalogues = { es, pt, en } as const;
const languages = Object.keys(catalogues) as Language[];
const flat = Object.fromEntries(languages.map((l) => [l, flattenCatalogue(catalogues[l])])) as Record<
  Language,
  Map<string, string>
>;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it.each(['pt', 'en'] as const)('%s has exactly the keys of es', (language) => {
    expect([...flat[language].keys()].sort()).toEqual([...flat.es.keys()].sort());
  });

  it.each(languages)('%s uses the same placeholders as es in every message', (language) => {
    for (const [key, message] of flat.es) {
      expect({ key, vars: placeholders(flat[language].get(key) ?? '') }).toEqual({
        key,
        vars: placeholders(message),
      });
    }
  });

  it.each(languages)('%s has no empty message', (language) => {
    for (const [key, message] of flat[language])
      expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
  });

  it.each(languages)('%s has every plural category its locale needs for small counts', (language) => {
    const rules = new Intl.PluralRules(LOCALES[language]);
    const needed = new Set([0, 1, 2, 5, 21].map((n) => rules.select(n)));
    const pluralBases = new Set(
      [...flat[language].keys()].filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')),
    );
    expect(pluralBases.size).toBeGreaterThan(0);
    for (const base of pluralBases) {
      for (const category of needed)
        expect(flat[language].has(`${base}_${category}`), `${base}_${category}`).toBe(true);
    }
  });
});

// The spec's own strings (ordering-spec.md points 2, 4 and 8), per store language.
const specStrings: [TranslationKey, Record<Language, string>][] = [
  [
    'services.title',
    { es: '¿Qué servicio deseas?', pt: 'Que serviço deseja?', en: 'Which service do you need?' },
  ],
  [
    'header.requestNotaSimple',
    { es: 'Solicitar Nota Simple', pt: 'Solicitar Nota Simple', en: 'Request Nota Simple' },
  ],
  ['cart.heading', { es: 'Este es tu pedido:', pt: 'Esta é a sua encomenda:', en: 'This is your order:' }],
  ['cart.editOrder', { es: 'Modificar pedido', pt: 'Modificar ordem', en: 'Edit order' }],
  ['cart.cancelOrder', { es: 'Cancelar pedido', pt: 'Cancelar pedido', en: 'Cancel order' }],
  ['common.update', { es: 'Actualizar', pt: 'Atualizar', en: 'Update' }],
  ['common.edit', { es: 'Editar', pt: 'Editar', en: 'Edit' }],
  ['common.ok', { es: 'Ok', pt: 'Ok', en: 'Ok' }],
  ['common.continue', { es: 'Continuar', pt: 'Continuar', en: 'Continue' }],
  [
    'titles.identification',
    { es: 'Identificación de cliente', pt: 'Identificação do cliente', en: 'Customer identification' },
  ],
  ['titles.checkout', { es: 'Checkout', pt: 'Checkout', en: 'Checkout' }],
  // Spec 5 "Register" and spec 4 "Guards and payment flow" (the storefront's texts).
  [
    'customerApi.exists',
    {
      es: 'Ya existe un cliente registrado con esta dirección.',
      pt: 'Já existe um cliente registado com este endereço.',
      en: 'A customer is already registered with this address.',
    },
  ],
  [
    'customer.register.login',
    {
      es: 'Identifícate aquí',
      pt: 'Identifique-se aqui',
      en: 'Log in here',
    },
  ],
  [
    'payments.failed',
    {
      es: 'Ha fallado el intento de pago, te ofrecemos nuevos métodos de pago alternativos para que puedas finalizar tu pedido.',
      pt: 'A tentativa de pagamento falhou; oferecemos-lhe novos métodos de pagamento alternativos para que possa concluir a sua encomenda.',
      en: 'The payment attempt failed; here are other payment methods so that you can complete your order.',
    },
  ],

  [
    'errors.generic',
    {
      es: 'Algo ha ido mal; por favor, inténtalo de nuevo más tarde.',
      pt: 'Algo correu mal; por favor, tente novamente mais tarde.',
      en: 'Something bad happened; please try again later.',
    },
  ],
];

describe('t()', () => {
  it.each(specStrings)('%s reads the spec string in every language', (key, expected) => {
    for (const language of languages)
      expect(createT(language, catalogues[language])(key)).toBe(expected[language]);
  });

  it.each([
    ['es', 'Solicitar Certificado energético'],
    ['pt', 'Solicitar Certificado energético'],
    ['en', 'Request Certificado energético'],
  ] as const)('interpolates {{name}} in %s', (language, expected) => {
    const t = createT(language, catalogues[language]);
    expect(t('services.request', { name: 'Certificado energético' })).toBe(expected);
  });

  it.each([
    ['es', 0, '0 artículos en tu pedido'],
    ['es', 1, '1 artículo en tu pedido'],
    ['es', 2, '2 artículos en tu pedido'],
    ['pt', 0, '0 artigos na sua encomenda'],
    ['pt', 1, '1 artigo na sua encomenda'],
    ['pt', 3, '3 artigos na sua encomenda'],
    ['en', 1, '1 item in your order'],
    ['en', 12, '12 items in your order'],
  ] as const)('plural in %s for %i', (language, count, expected) => {
    expect(createT(language, catalogues[language])('header.cartItems', { count })).toBe(expected);
  });

  it('keeps unknown placeholders and answers unknown keys with the key', () => {
    const t = createT('es', { a: 'Hola {{who}} y {{other}}' });
    expect(t('a' as TranslationKey, { who: 'Ana' })).toBe('Hola Ana y {{other}}');
    expect(t('missing.key' as TranslationKey)).toBe('missing.key');
  });

  it('falls back to _other when the locale category has no message', () => {
    const t = createT('es', { n_other: '{{count}} cosas' });
    expect(t('n' as TranslationKey, { count: 1 })).toBe('1 cosas');
  });

  it.each(languages)('loadT(%s) loads that language', async (language) => {
    const t = await loadT(language);
    expect(t('common.update')).toBe(flat[language].get('common.update'));
  });
});

/**
 * Words that are the same in every language: product and method names, codes,
 * and the spec's 'Ok' / 'Checkout'. A message made only of these (and
 * placeholders, numbers, punctuation) needs no translation.
 */
const NAMES = [
  'Nota Simple',
  'Certidão Permanente',
  'Informação Predial Simplificada',
  'Multibanco',
  'Monei',
  'MB WAY',
  'PayPal',
  'Bizum',
  'IBAN',
  'CVC',
  'CIF',
  'NIF',
  'MM',
  'E-mail',
  'Ok',
  'Checkout',
  'Total',
];
const onlyNames = (message: string) =>
  NAMES.reduce((rest, name) => rest.replaceAll(name, ''), message.replace(/\{\{\s*\w+\s*\}\}/g, '')).replace(
    /[\s\d.,:;()+%/·-]/g,
    '',
  ) === '';

/**
 * Messages that may read exactly as the Spanish one, with why. Portuguese
 * shares many words with Spanish; each one here was read in context.
 */
const SAME_AS_ES: Record<'pt' | 'en', Record<string, string>> = {
  pt: {
    'common.continue': 'same word',
    'common.cancel': 'same word',
    'common.edit': 'spec string',
    'header.requestNotaSimple': 'spec string',
    'header.login': 'same word',
    'services.request': 'same word + name',
    'cart.cancelOrder': 'spec string',
    'cart.editItem': 'same word + name',
    'editCertidao.rustica': 'Portuguese registry term',
    'editCertidao.urbana': 'Portuguese registry term',
    'editCertidao.urgent': 'same word',
    'invoiceDocument.customer': 'same word',
    'invoiceDocument.page': 'same words',
    'predial.locationLabel': 'Portuguese administrative names',
    'certidao.rustica': 'Portuguese registry term',
    'certidao.urbana': 'Portuguese registry term',
    'certidao.summaryMatricial': 'Portuguese registry term',
    'certidao.typeRustico': 'Portuguese registry term',
    'certidao.typeUrbano': 'Portuguese registry term',
    'ipredial.introTitle': 'product name',
    'ipredial.normal': 'same word',
    'ipredial.urgent': 'same word',
    'validation.duplicate': 'same words',
    'forms.optional': 'same word',
    'autocomplete.results_one': 'same word',
    'autocomplete.results_other': 'same word',
    'ns.step42.urgent': 'same word',
    'ns.step6.owner': 'same word',
    'ns.step6.delivery': 'same word',
    'ns.step6.editField': 'same word',
    'qp.step7.editField': 'same word',
    'payments.sandbox.pay': 'same word',
    'payments.sandbox.approve': 'same word',
    'customer.authenticate.submit': 'same word',
    'customer.loginLink.pageSubmit': 'same word',
    'payment.pay': 'same word',
    'success.status': 'same word',
    'success.totalDue': 'same words',
    'consent.settings': 'same word',
    'orders.line.holder': 'same word',
    'incidentForm.files': 'same words',
    'verifactu.qrTitle': 'mandated AEAT wording (ADR 023)',
    'pendingPayment.copy': 'same word',
    'pendingPayment.copyButton': 'same word',
    'pendingPayment.copied': 'same word',
    'billing.postcode': 'same words',
    'billing.save': 'same word',
    'orderPanel.addOn': 'same word',
    'orderTimeline.issued': 'same words',
    'promise.label': 'same words',
  },
  en: {
    'predial.no': 'same word',
    'verifactu.qrTitle': 'mandated AEAT wording (ADR 023)',
  },
};

describe('translated messages', () => {
  it.each(['pt', 'en'] as const)('no %s message is left as the Spanish one unless allowed', (language) => {
    const untranslated = [...flat.es]
      .filter(([key, message]) => flat[language].get(key) === message)
      .filter(([key, message]) => !onlyNames(message) && !(key in SAME_AS_ES[language]))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(['pt', 'en'] as const)(
    'every %s allowance is still needed (the message still equals es)',
    (language) => {
      const stale = Object.keys(SAME_AS_ES[language]).filter(
        (key) => !flat.es.has(key) || flat[language].get(key) !== flat.es.get(key),
      );
      expect(stale).toEqual([]);
    },
  );
});
