import {
  canEnterFlow,
  FIXED_FLOW_PRODUCT,
  FIXED_FLOWS,
  fixedServicesOf,
  OPTION_TYPES,
  type Option,
  ProductDefinitionSchema,
  STORE_IDS,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { storesSeed } from '../stores.ts';
import { catalogue } from './index.ts';

const definitions = catalogue.map((p) => ProductDefinitionSchema.parse(p.definition));
const byId = new Map(catalogue.map((p) => [p.definition.product_id, p]));
const definition = (id: number) => {
  const found = definitions.find((d) => d.product_id === id);
  if (!found) throw new Error(`product ${id} missing`);
  return found;
};
const option = (productId: number, optionId: number): Option => {
  const found = [...definition(productId).options, ...definition(productId).questions_on_confirm].find(
    (o) => o.option_id === optionId,
  );
  if (!found) throw new Error(`option ${optionId} of ${productId} missing`);
  return found;
};
/** Every option of a definition: wizard, confirm questions and early-checkout confirmation fields. */
const allOptions = (d: (typeof definitions)[number]) => [
  ...d.options,
  ...d.questions_on_confirm,
  ...(d.conditions_to_earlycheckout?.confirmationOptions ?? []),
];

const SPEC_PRODUCTS: [number, 'fixed' | 'located' | 'generic'][] = [
  [15867, 'fixed'],
  [18357, 'fixed'],
  [18414, 'fixed'],
  [18421, 'fixed'],
  ...[15868, 18347, 18361, 18324].map((id) => [id, 'located'] as [number, 'located']),
  ...[
    17564, 18391, 18395, 17558, 17563, 15865, 18416, 17492, 18458, 18346, 18464, 18469, 18471, 18379, 18473,
    18456, 18498, 18472, 18474, 18475, 18476, 18511, 18444, 18480, 18486, 18505, 18370, 18491, 16707, 18506,
    18507, 18508,
  ].map((id) => [id, 'generic'] as [number, 'generic']),
];

describe('seed catalogue', () => {
  it.each(SPEC_PRODUCTS)('has product %i of kind %s', (id, kind) => {
    expect(byId.get(id)?.kind).toBe(kind);
  });

  it('has no product twice and nothing the spec does not name', () => {
    expect(catalogue.map((p) => p.definition.product_id).sort()).toEqual(
      SPEC_PRODUCTS.map(([id]) => id).sort(),
    );
  });

  it.each(catalogue.map((p) => [p.definition.product_id, p] as const))(
    '%i parses as a ProductDefinition',
    (_, p) => {
      expect(ProductDefinitionSchema.safeParse(p.definition).success).toBe(true);
    },
  );

  it.each([
    [15867, 2076, 1091],
    [18357, 1200, 0],
    [18414, 2470, 1500],
    [18421, 1100, 100],
    [15868, 2076, 1091],
    [18347, 2076, 1091],
    [18361, 2076, 1091],
    [18324, 2076, 1091],
  ])('product %i costs %i cents with an official fee of %i', (id, price, fee) => {
    expect(definition(id).price).toBe(price);
    expect(definition(id).official_fee).toBe(fee);
  });

  it('hides located-property products from every services screen', () => {
    for (const p of catalogue.filter((p) => p.kind === 'located')) {
      expect(p.visible).toBe(false);
      expect(p.visibleOnServices).toEqual([]);
    }
  });

  it.each([
    [15867, 77, 'field'],
    [15867, 78, 'field'],
    [15867, 79, 'municipio'],
    [15867, 80, 'field'],
    [15867, 74, 'area'],
    [15867, 411, 'radio'],
    [18357, 1038, 'field'],
    [18357, 1040, 'field'],
    [18357, 1041, 'drop_down'],
    [18414, 1369, 'freguesia'],
    [18414, 1365, 'field'],
    [18414, 1362, 'field'],
    [18414, 1361, 'field'],
    [18414, 1360, 'field'],
    [18414, 1352, 'field'],
    [18414, 1351, 'field'],
    [18414, 1459, 'field'],
    [18414, 1366, 'radio'],
    [18414, 1353, 'radio'],
    [18421, 1431, 'freguesia'],
    [18421, 1430, 'field'],
    [18421, 1429, 'field'],
    [18421, 1427, 'radio'],
  ])('fixed product %i has recognised option %i of type %s', (productId, optionId, type) => {
    expect(option(productId, optionId).type).toBe(type);
  });

  it.each([
    [15867, 411, 3782, 990],
    [18421, 1427, 3909, 500],
    [18414, 1366, 3871, 0],
    [18414, 1366, 3870, 0],
    [18414, 1353, 3865, 0],
    [18414, 1353, 3866, 0],
  ])('product %i option %i has value %i priced %i', (productId, optionId, valueId, price) => {
    expect(option(productId, optionId).opt_values.find((v) => v.id === valueId)?.price).toBe(price);
  });

  it('offers a ficha mode besides matricial and book on 18414 option 1366', () => {
    expect(option(18414, 1366).opt_values.filter((v) => v.id !== 3870 && v.id !== 3871)).toHaveLength(1);
  });

  it('offers the six property counts on 18357 option 1041', () => {
    expect(option(18357, 1041).opt_values.map((v) => v.name)).toEqual([
      'Todas las propiedades que tenga',
      'Hasta 50 propiedades',
      'Hasta 25 propiedades',
      'Hasta 10 propiedades',
      'Hasta 3 propiedades',
      '1 propiedad',
    ]);
  });

  it('uses each option id and each value id once in the whole catalogue', () => {
    const optionIds = definitions.flatMap((d) => allOptions(d).map((o) => o.option_id));
    const valueIds = definitions.flatMap((d) => allOptions(d).flatMap((o) => o.opt_values.map((v) => v.id)));
    expect(new Set(optionIds).size).toBe(optionIds.length);
    expect(new Set(valueIds).size).toBe(valueIds.length);
  });

  it('uses every option type of spec 3', () => {
    const used = new Set(definitions.flatMap((d) => allOptions(d).map((o) => o.type)));
    expect([...used].sort()).toEqual([...OPTION_TYPES].sort());
  });

  it('gives 18464 (energy certificate) a radio_button option', () => {
    expect(definition(18464).options.some((o) => o.type === 'radio_button')).toBe(true);
  });

  it.each([18472, 18474, 18475, 18476])('asks for PDF uploads in express divorce %i', (id) => {
    expect(definition(id).options.filter((o) => o.type === 'file').length).toBeGreaterThanOrEqual(3);
  });

  it('reproduces the 18458 special case (1655 = 4324 hides 1653, 1654, 1699, 1660)', () => {
    const choice = option(18458, 1655);
    expect(choice.type).toBe('radio');
    expect(choice.opt_values.map((v) => v.id)).toContain(4324);
    const others = choice.opt_values.filter((v) => v.id !== 4324);
    expect(others.length).toBeGreaterThan(0);
    // The option's own conditions agree with the rule: none of them shows with 4324.
    for (const id of [1653, 1654, 1699, 1660]) {
      const steps = option(18458, id).previous_steps;
      expect(steps.some((s) => s.option_id === 1655 && [s.value].flat().includes('4324'))).toBe(false);
      expect(
        steps.some(
          (s) => s.option_id === 1655 && others.some((o) => [s.value].flat().includes(String(o.id))),
        ),
      ).toBe(true);
    }
  });

  it('has early checkout of both types, each with confirmation fields on existing option values', () => {
    const early = definitions.filter((d) => d.conditions_to_earlycheckout);
    expect(new Set(early.map((d) => d.conditions_to_earlycheckout?.type))).toEqual(new Set(['and', 'or']));
    for (const d of early) {
      const rule = d.conditions_to_earlycheckout;
      expect(rule?.confirmationOptions.length).toBeGreaterThan(0);
      for (const c of rule?.options ?? []) {
        const target = d.options.find((o) => o.option_id === c.option_id);
        expect(target?.opt_values.map((v) => String(v.id))).toContain(c.value);
      }
    }
  });

  it('has confirm questions that depend on previous steps', () => {
    const questions = definitions.flatMap((d) => d.questions_on_confirm);
    expect(questions.filter((q) => q.previous_steps.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('has previous steps with eq (single and list), gtdate and ltdate, defaults and previous_steps_default', () => {
    const options = definitions.flatMap(allOptions);
    const steps = options.flatMap((o) => o.previous_steps);
    expect(steps.some((s) => (s.op ?? 'eq') === 'eq' && typeof s.value === 'string')).toBe(true);
    expect(steps.some((s) => (s.op ?? 'eq') === 'eq' && Array.isArray(s.value))).toBe(true);
    expect(steps.some((s) => s.op === 'gtdate')).toBe(true);
    expect(steps.some((s) => s.op === 'ltdate')).toBe(true);
    expect(options.some((o) => o.default !== undefined)).toBe(true);
    expect(options.some((o) => o.previous_steps_default !== undefined)).toBe(true);
  });

  it.each(definitions.map((d) => [d.product_id, d] as const))(
    '%i: conditions and defaults point at real options and values',
    (_, d) => {
      const options = allOptions(d);
      for (const o of options) {
        for (const s of o.previous_steps) {
          const target = d.options.find((t) => t.option_id === s.option_id);
          expect(target, `${o.option_id} depends on ${s.option_id}`).toBeDefined();
          if (s.op === 'gtdate' || s.op === 'ltdate') {
            expect(target?.type).toBe('date');
            expect(s.value).toMatch(/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/\d{4}$/);
          } else {
            const ids = target?.opt_values.map((v) => String(v.id));
            for (const value of [s.value].flat()) expect(ids).toContain(value);
          }
        }
        for (const value of [o.default, o.previous_steps_default]) {
          if (value !== undefined) expect(o.opt_values.map((v) => String(v.id))).toContain(value);
        }
      }
      for (const s of d.related_conditions)
        expect(d.options.some((o) => o.option_id === s.option_id)).toBe(true);
    },
  );

  it('offers related products with a price, pointing at existing products', () => {
    const related = definitions.flatMap((d) => d.related_product);
    expect(related.length).toBeGreaterThanOrEqual(2);
    for (const r of related) {
      expect(byId.has(r.product_id)).toBe(true);
      expect(r.price).toBe(byId.get(r.product_id)?.definition.price);
    }
  });

  it('sells each product only on existing stores of one language, listing it only where it is sold', () => {
    const language = new Map(storesSeed.map((s) => [s.id, s.language]));
    for (const p of catalogue) {
      expect(p.stores.length).toBeGreaterThan(0);
      // Nota Simple and the properties search: every store but the Portuguese ones (spec 4), English ones too.
      const spanishRegistry = [15867, 18357].includes(p.definition.product_id);
      const languages = new Set(p.stores.map((s) => language.get(s)));
      expect(languages).toEqual(
        spanishRegistry ? new Set(['es', 'en']) : new Set([language.get(p.stores[0] ?? 0)]),
      );
      for (const s of p.visibleOnServices) expect(p.stores).toContain(s);
    }
  });

  it.each([
    [15867, [1, 9, 12, 14, 15, 17, 18, 19, 20, 21, 22, 23]],
    [18357, [1, 9, 12, 14, 15, 17, 18, 19, 20, 21, 22, 23]],
    [18414, [16, 26, 28]],
    [18421, [16, 26, 28]],
    [18444, [1, 21, 22, 23]],
    [18505, [1, 21, 22, 23]],
    [18486, [16, 26, 28]],
  ])('sells %i on stores %j', (id, stores) => {
    expect(byId.get(id)?.stores).toEqual(stores);
  });

  it.each([...FIXED_FLOWS])(
    'sells the %s product exactly where the storefront lets a store enter the wizard, lists it where the services screen does',
    (flow) => {
      const product = byId.get(FIXED_FLOW_PRODUCT[flow]);
      const entering = STORE_IDS.filter((store) => canEnterFlow(store, flow));
      expect(product?.stores).toEqual(entering);
      expect(product?.visibleOnServices).toEqual(
        STORE_IDS.filter((store) => fixedServicesOf(store).includes(flow)),
      );
    },
  );

  it('keeps 18357 (properties search) and located products out of cart editing', () => {
    expect(byId.get(18357)?.editable).toBe(false);
    expect(catalogue.filter((p) => p.kind === 'located').every((p) => !p.editable)).toBe(true);
  });
});
