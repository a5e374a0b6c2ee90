import { describe, expect, it } from 'vitest';
import { definition } from '../testing/definitions.ts';
import { fixedProductPrice, priceWithDefaults, propertiesSearchPrice, urgentExtra } from './fixed-prices.ts';
import { centsToEuros, eurosToCents, formatEuros, formatPrice, productPrice } from './price.ts';

describe('formatPrice (spec 9: comma decimal, ",00" dropped)', () => {
  it.each([
    [2076, '20,76'],
    [1200, '12'],
    [2470, '24,70'],
    [1100, '11'],
    [0, '0'],
    [5, '0,05'],
    [50, '0,50'],
    [99, '0,99'],
    [100, '1'],
    [3276, '32,76'],
    [-2076, '-20,76'],
  ])('%i -> %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
    expect(formatPrice(cents, 'pt')).toBe(text);
  });

  it.each([
    [123456, 'es', '1234,56'],
    [1234567, 'es', '12.345,67'],
    [123456700, 'es', '1.234.567'],
    [123456, 'pt', '1234,56'],
    [1234567, 'pt', '12\u00a0345,67'],
    [99999, 'en', '999,99'],
    [123456, 'en', '1\u00a0234,56'],
    [123456700, 'en', '1\u00a0234\u00a0567'],
  ] as const)('thousands: %i in %s -> %s', (cents, lang, text) => {
    expect(formatPrice(cents, lang)).toBe(text);
  });

  it('groups es and pt as the platform locale does', () => {
    for (const cents of [100000, 999900, 1000000, 1234500, 987654321, 100000000]) {
      const euros = cents / 100;
      const options = { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 };
      expect(formatPrice(cents, 'es')).toBe(new Intl.NumberFormat('es-ES', options).format(euros));
      expect(formatPrice(cents, 'pt')).toBe(new Intl.NumberFormat('pt-PT', options).format(euros));
    }
  });

  it('adds the euro sign after a no-break space', () => {
    expect(formatEuros(2076)).toBe('20,76\u00a0€');
    expect(formatEuros(1200, 'pt')).toBe('12\u00a0€');
  });
});

describe("fixed prices from the server's definitions", () => {
  // As the seed catalogue defines them (DECISIONS.md "Money").
  const ns = definition({
    product_id: 15867,
    name: 'Nota Simple',
    price: 2076,
    options: [
      { option_id: 80, title: 'Dirección', type: 'field', is_require: '1' },
      {
        option_id: 411,
        title: 'Plazo de entrega',
        type: 'radio',
        default: '5901',
        opt_values: [
          { id: 5901, name: 'Estándar', price: 0 },
          { id: 3782, name: 'Urgente', price: 990 },
        ],
      },
    ],
  });
  const search = definition({ product_id: 18357, name: 'Conocer propiedades', price: 1200, options: [] });
  const located = definition({ product_id: 18324, name: 'Propiedad localizada', price: 2076, options: [] });

  it('Nota Simple: 20,76, and 30,66 with the urgent service (411 = 3782)', () => {
    expect(priceWithDefaults(ns)).toBe(2076);
    expect(priceWithDefaults(ns, { 411: '3782' })).toBe(3066);
    expect(priceWithDefaults(ns, { 80: 'Calle Mayor 1' })).toBe(2076);
  });

  const report = definition({
    product_id: 18421,
    name: 'Informação Predial Simplificada',
    price: 1100,
    options: [
      {
        option_id: 1427,
        title: 'Prazo de entrega',
        type: 'radio',
        default: '5920',
        opt_values: [
          { id: 5920, name: 'Normal', price: 0 },
          { id: 3909, name: 'Urgente', price: 500 },
        ],
      },
    ],
  });

  it.each([
    ['Nota Simple', ns, false, 2076],
    ['Nota Simple urgent', ns, true, 3066],
    ['simplified report', report, false, 1100],
    ['simplified report urgent', report, true, 1600],
    ['properties search (no urgent delivery)', search, true, 1200],
  ])('%s: %i cents', (_name, product, urgent, cents) => {
    expect(fixedProductPrice(product, urgent)).toBe(cents);
  });

  it('the urgent delivery adds 9,90 to a Nota Simple, 5 to a simplified report, nothing elsewhere', () => {
    expect(urgentExtra(ns)).toBe(990);
    expect(urgentExtra(report)).toBe(500);
    expect(urgentExtra(search)).toBe(0);
  });

  it.each([
    [0, 1200],
    [1, 3276],
    [2, 5352],
    [10, 21960],
  ])('properties search with %i located properties costs %i', (n, cents) => {
    expect(propertiesSearchPrice(search, located, n)).toBe(cents);
  });

  it('converts analytics euros', () => {
    expect(centsToEuros(2470)).toBe(24.7);
    expect(centsToEuros(2076)).toBe(20.76);
    expect(eurosToCents(20.76)).toBe(2076);
    expect(eurosToCents(24.7)).toBe(2470);
    expect(eurosToCents(1.005)).toBe(101);
  });
});

describe('productPrice (spec 9 price rule)', () => {
  const deed = definition({
    product_id: 18458,
    name: 'Copia de escritura',
    price: 3900,
    options: [
      { option_id: 1, title: 'Notaría', type: 'field', price: 0 },
      { option_id: 2, title: 'Fecha', type: 'date', price: 150 },
      {
        option_id: 3,
        title: 'Formato',
        type: 'radio',
        price: 100,
        opt_values: [
          { id: 31, name: 'Digital', price: 0 },
          { id: 32, name: 'Papel', price: 1250 },
        ],
      },
      {
        option_id: 4,
        title: 'Extras',
        type: 'drop_down',
        opt_values: [
          { id: 41, name: 'Traducción', price: 2000 },
          { id: 42, name: 'Apostilla', price: 3000 },
        ],
      },
    ],
    questions_on_confirm: [
      {
        option_id: 9,
        title: 'Envío urgente',
        type: 'radio',
        opt_values: [
          { id: 91, name: 'Sí', price: 990 },
          { id: 92, name: 'No' },
        ],
      },
    ],
    related_product: [
      { product_id: 18480, name: 'Copia de testamento', price: 2500 },
      { product_id: 18456, name: 'Estatutos', price: 1500 },
    ],
    related_conditions: [{ option_id: 3, value: '32' }],
  });

  it.each([
    ['no answers', {}, [], 3900],
    ['option without price', { 1: 'Notaría X' }, [], 3900],
    ['priced option with a value', { 2: '01/02/2024' }, [], 4050],
    ['blank value adds nothing', { 2: '  ' }, [], 3900],
    ['option price + chosen free value', { 3: '31' }, [], 4000],
    ['option price + chosen paid value', { 3: '32' }, [], 5250],
    ['unknown value id adds only the option price', { 3: '99' }, [], 4000],
    ['several chosen values', { 4: '41,42' }, [], 8900],
    ['confirm question value', { 9: '91' }, [], 4890],
    ['related product offered (3 = 32)', { 3: '32' }, [18480], 7750],
    ['two related products', { 3: '32' }, [18480, 18456], 9250],
    ['related product not offered (3 = 31)', { 3: '31' }, [18480], 4000],
    ['unknown related product', { 3: '32' }, [1], 5250],
    [
      'everything',
      { 1: 'x', 2: '01/02/2024', 3: '32', 4: '42', 9: '91' },
      [18456],
      3900 + 150 + 1350 + 3000 + 990 + 1500,
    ],
  ] as const)('%s', (_name, values, related, cents) => {
    expect(productPrice(deed, values, related)).toBe(cents);
  });
});
