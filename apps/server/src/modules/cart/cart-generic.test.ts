import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteItems } from '../../db/schema/index.ts';
import { buildTestApp, newSession, type TestApp } from '../../testing/app.ts';
import { energyValues, genericForm, getCart, nsForm, optionPairs, postCart } from '../../testing/cart.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

/** Notarial deed (18458), branch 1655 = 4324: the customer knows the notary and the protocol number. */
const deedKnown = (): [number, string, string][] => [
  [2301, 'drop_down', '6301'],
  [2302, 'radio', '6308'],
  [2303, 'municipio', 'Madrid'],
  [1655, 'radio', '4324'],
  [2304, 'field', 'Notaría Ejemplo'],
  [2305, 'field', '1234'],
  [2306, 'date', '15-mar-2010'],
];

/** Notarial deed, branch 1655 = 6310: the deed has to be located; an authorised copy (+20 €). */
const deedToLocate = (): [number, string, string][] => [
  [2301, 'drop_down', '6307'],
  [2302, 'radio', '6309'],
  [2303, 'municipio', 'Sevilla'],
  [1655, 'radio', '6310'],
  [1653, 'field', 'Juan Ruiz Gómez'],
  [1699, 'date', '01/06/1990'],
  [1660, 'radio', '6312'],
];
const relation = [{ option_id: 2309, value: '6315' }];

describe.each(testDatabaseKinds())('adding generic products (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  async function add(form: Record<string, unknown>, store = 14, path = 'addgeneric') {
    const session = await newSession(t.app, { store_id: String(store) });
    const result = await postCart(t.app, session, path, { config: session.config, form });
    return { ...result, session };
  }

  it.each([
    [
      '18458 knowing the protocol',
      genericForm(18458, deedKnown()),
      5900,
      [
        '2301=6301',
        '2302=6308',
        '2303=Madrid',
        '1655=4324',
        '2304=Notaría Ejemplo',
        '2305=1234',
        '2306=15-mar-2010',
      ],
    ],
    [
      '18458 knowing the protocol, answers to the other branch ignored',
      genericForm(18458, [...deedKnown(), [1653, 'field', 'Firmante'], [1660, 'radio', '6312']]),
      5900,
      [
        '2301=6301',
        '2302=6308',
        '2303=Madrid',
        '1655=4324',
        '2304=Notaría Ejemplo',
        '2305=1234',
        '2306=15-mar-2010',
      ],
    ],
    [
      '18458 to locate, wider search and authorised copy',
      genericForm(18458, [...deedToLocate(), [2304, 'field', 'ignored']], { confirm_values: relation }),
      5900 + 2000 + 1500,
      [
        '2301=6307',
        '2302=6309',
        '2303=Sevilla',
        '1655=6310',
        '1653=Juan Ruiz Gómez',
        '1699=01/06/1990',
        '1660=6312',
        '2309=6315',
      ],
    ],
    [
      '18458 to locate, 1660 left to its previous_steps_default',
      genericForm(18458, deedToLocate().slice(0, 6), { confirm_values: relation }),
      5900 + 2000,
      [
        '2301=6307',
        '2302=6309',
        '2303=Sevilla',
        '1655=6310',
        '1653=Juan Ruiz Gómez',
        '1699=01/06/1990',
        '1660=6311',
        '2309=6315',
      ],
    ],
    [
      '18458 to locate, a deed older than 1926 gets 2307 with its default',
      genericForm(
        18458,
        [...deedToLocate().slice(0, 5), [1699, 'date', '15-mar-1910'], [1660, 'radio', '6311']],
        {
          confirm_values: relation,
        },
      ),
      5900 + 2000,
      [
        '2301=6307',
        '2302=6309',
        '2303=Sevilla',
        '1655=6310',
        '1653=Juan Ruiz Gómez',
        '1699=15-mar-1910',
        '1660=6311',
        '2307=6313',
        '2309=6315',
      ],
    ],
    [
      '18464 with its radio_button',
      genericForm(18464, energyValues()),
      9900 + 3000 + 2000,
      [
        '2401=6402',
        '2402=6406',
        '2403=Madrid',
        '2404=Calle Mayor 1, 2º B',
        '2406=6409',
        '2408=Ana Pérez',
        '2409=600111222',
      ],
    ],
  ])('%s', async (_name, form, price, options) => {
    const { status, body, session } = await add(form);
    expect(status).toBe(200);
    expect(body.item).toMatchObject({ product_id: form.product_id, current_price: price, editable: true });
    expect(optionPairs(body.item)).toEqual(options);
    const cart = await getCart(t.app, session);
    expect(cart.total).toBe(price);
    expect(optionPairs(cart.items[0])).toEqual(options);
  });

  it('GET cart gives each item its form as it was accepted, the chosen related products included', async () => {
    const form = genericForm(18458, deedKnown(), { related_product_ids: [15867] });
    const { status, session } = await add(form);
    expect(status).toBe(200);
    const [item] = (await getCart(t.app, session)).items;
    // As the schema accepted it: trimmed, with its defaults (no confirmation answers here).
    expect(item?.form).toEqual({ ...form, confirm_values: [] });
    expect(item?.form.related_product_ids).toEqual([15867]);
  });

  it('stores readable values and labels of generic options', async () => {
    const { body } = await add(genericForm(18464, energyValues()));
    expect(body.item.options[0]).toEqual({
      option_id: 2401,
      value: '6402',
      option_value: 6402,
      print_value: 'Casa o chalet',
      label: 'Tipo de inmueble',
    });
    const deed = await add(genericForm(18458, deedKnown()));
    expect(deed.body.item.options.find((o) => o.option_id === 2306)).toMatchObject({
      print_value: '15/03/2010',
      option_value: null,
      label: 'Fecha de la escritura',
    });
  });

  it.each([
    [
      'a required option missing',
      genericForm(
        18464,
        energyValues().filter(([id]) => id !== 2404),
      ),
      [{ path: 'form.options.2404', message: 'Este campo es obligatorio' }],
    ],
    [
      'a radio_button sent as another type',
      genericForm(18464, [[2401, 'radio', '6402'], ...energyValues().slice(1)]),
      [{ path: 'form.values.0.type', message: 'El valor no es válido' }],
    ],
    [
      'a choice that is not among the values',
      genericForm(18464, [
        energyValues()[0] as [number, string, string],
        [2402, 'drop_down', '9999'],
        ...energyValues().slice(2),
      ]),
      [{ path: 'form.values.1.value', message: 'Elige una de las opciones disponibles' }],
    ],
    [
      'an option of another product',
      genericForm(18464, [...energyValues(), [2301, 'drop_down', '6301']]),
      [{ path: 'form.values.7.option_id', message: 'Elige una de las opciones disponibles' }],
    ],
    [
      'a date that does not exist',
      genericForm(18458, [...deedToLocate().slice(0, 5), [1699, 'date', '31/04/1990']], {
        confirm_values: relation,
      }),
      [{ path: 'form.values.5.value', message: 'La fecha no es válida' }],
    ],
    [
      'the confirm question of an authorised copy unanswered',
      genericForm(18458, deedToLocate()),
      [{ path: 'form.confirm.2309', message: 'Este campo es obligatorio' }],
    ],
    [
      'a related product that is not offered',
      genericForm(18458, deedToLocate(), { confirm_values: relation, related_product_ids: [15867] }),
      [{ path: 'form.related_product_ids.0', message: 'Elige una de las opciones disponibles' }],
    ],
    [
      'a value of another product',
      { ...genericForm(18464, energyValues()), product_id: 18458 },
      [{ path: 'form.values.0.product_id', message: 'Este formulario no corresponde a este producto' }],
    ],
  ])('refuses %s with a 400 naming the field', async (_name, form, errors) => {
    const { status, body, session } = await add(form);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual(expect.arrayContaining(errors));
    expect((await getCart(t.app, session)).items).toEqual([]);
  });

  describe('early checkout (18511 on store 1)', () => {
    it('skips the remaining options and asks the confirmation fields', async () => {
      const form = genericForm(18511, [[2721, 'radio', '6722']], {
        confirm_values: [
          { option_id: 2729, value: '600111222' },
          { option_id: 2730, value: 'Me denegaron la incapacidad total.' },
        ],
      });
      const { status, body } = await add(form, 1);
      expect(status).toBe(200);
      expect(body.item.current_price).toBe(14900);
      expect(optionPairs(body.item)).toEqual([
        '2721=6722',
        '2729=600111222',
        '2730=Me denegaron la incapacidad total.',
      ]);
    });

    it('refuses early checkout without its required confirmation field', async () => {
      const { status, body } = await add(genericForm(18511, [[2721, 'radio', '6723']]), 1);
      expect(status).toBe(400);
      expect(body.errors).toEqual([{ path: 'form.confirm.2729', message: 'Este campo es obligatorio' }]);
    });

    it('without early checkout asks every required option and ignores the early-checkout fields', async () => {
      const partial = genericForm(18511, [[2721, 'radio', '6721']], {
        confirm_values: [{ option_id: 2729, value: '600111222' }],
      });
      const refused = await add(partial, 1);
      expect(refused.status).toBe(400);
      expect((refused.body.errors ?? []).map((e) => e.path).sort()).toEqual(
        [
          'form.confirm.2731',
          'form.options.2722',
          'form.options.2725',
          'form.options.2726',
          'form.options.2728',
        ].sort(),
      );

      const complete = genericForm(
        18511,
        [
          [2721, 'radio', '6721'],
          [2722, 'drop_down', '6725'],
          [2725, 'field', 'Albañil'],
          [2726, 'area', 'Lesión de espalda'],
          [2728, 'field', '600111222'],
        ],
        {
          confirm_values: [
            { option_id: 2731, value: '6729' },
            { option_id: 2729, value: '600111222' },
          ],
        },
      );
      const { status, body } = await add(complete, 1);
      expect(status).toBe(200);
      expect(optionPairs(body.item)).toEqual([
        '2721=6721',
        '2722=6725',
        '2725=Albañil',
        '2726=Lesión de espalda',
        '2728=600111222',
        '2731=6729',
      ]);
    });
  });

  it.each([
    ['a fixed product', genericForm(15867, [[80, 'field', 'Calle Mayor 1']]), 14],
    ['an unknown product', genericForm(99999, []), 14],
  ])('refuses %s with 400 naming the product', async (_name, form, store) => {
    const { status, body } = await add(form, store);
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      message: 'Revisa los datos marcados.',
      errors: [{ path: 'form.product_id', message: 'Elige una de las opciones disponibles' }],
      request_id: expect.any(String),
    });
  });

  it('refuses a product the store does not sell politely: ok false with an HTML message, nothing stored', async () => {
    const { status, body, session } = await add(genericForm(18511, [[2721, 'radio', '6722']]), 14);
    expect(status).toBe(200);
    expect(body.ok).toBe(false);
    expect(body.message).toMatch(/^<p>.+ no está disponible en .+\.<\/p>$/);
    expect(body.config.cart.items).toEqual([]);
    expect((await getCart(t.app, session)).items).toEqual([]);
  });

  it('addgenericWithAssociation stores where the item comes from', async () => {
    const session = await newSession(t.app);
    const ns = await postCart(t.app, session, 'addns', { config: session.config, form: nsForm() });
    const form = genericForm(18464, energyValues(), { origin: 'ns', origin_id: ns.body.item.id });
    const { status, body } = await postCart(t.app, session, 'addgenericWithAssociation', {
      config: session.config,
      form,
    });
    expect(status).toBe(200);
    expect(body.config.cart.items.map((i) => i.product_id)).toEqual([15867, 18464]);
    const [row] = await t.database.db.select().from(quoteItems).where(eq(quoteItems.id, body.item.id));
    expect(row).toMatchObject({ origin: 'ns', originId: String(ns.body.item.id), priceCents: 14900 });
    expect(row?.form).toMatchObject({ product_id: 18464, origin: 'ns' });
  });

  it('addgenericWithAssociation needs origin and origin_id', async () => {
    const { status, body } = await add(genericForm(18464, energyValues()), 14, 'addgenericWithAssociation');
    expect(status).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'form.origin', message: 'Este campo es obligatorio' },
        { path: 'form.origin_id', message: 'Este campo es obligatorio' },
      ]),
    );
  });
});
