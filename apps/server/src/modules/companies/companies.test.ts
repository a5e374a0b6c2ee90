import type { CompanyHit } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

describe.each(testDatabaseKinds())('company searches (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  async function search(path: string, term: string) {
    const response = await t.app.inject({ url: `/${path}?app=1&sociedad=${encodeURIComponent(term)}` });
    expect(response.statusCode).toBe(200);
    return response.json() as CompanyHit[];
  }
  const names = (hits: CompanyHit[]) => hits.map((h) => h.name);

  it('sociedad.php finds Spanish companies by name, answering the search shape', async () => {
    const hits = await search('sociedad.php', 'inmobiliaria');
    expect(hits).toEqual([
      {
        label: 'Inmobiliaria Ejemplo Madrid S.L. (ejemplo) (B28000016)',
        value: 'Inmobiliaria Ejemplo Madrid S.L. (ejemplo)',
        name: 'Inmobiliaria Ejemplo Madrid S.L. (ejemplo)',
        tax_id: 'B28000016',
        municipality: 'Madrid',
        country: 'es',
        is_example: true,
      },
    ]);
  });

  it.each([
    ['sociedad.php', 'b08', ['Construcciones Ejemplo Barcelona S.A. (ejemplo)']],
    ['sociedad.php', 'GESTIÓN', ['Gestión de Inmuebles Ejemplo S.L. (ejemplo)']],
    ['organizacoes.php', '500000026', ['Construções Exemplo do Porto, S.A. (exemplo)']],
    ['organizacoes.php', 'construcoes', ['Construções Exemplo do Porto, S.A. (exemplo)']],
    ['sociedad.php', 'exemplo', []],
    ['organizacoes.php', 'ejemplo', []],
    ['sociedad.php', 'e', []],
    ['sociedad.php', '', []],
    ['sociedad.php', 'no existe ninguna', []],
  ])('%s?sociedad=%j -> %j', async (path, term, expected) => {
    expect(names(await search(path, term))).toEqual(expected);
  });

  it('keeps the countries apart and marks the seeded rows as examples', async () => {
    const spanish = await search('sociedad.php', 'ejemplo');
    expect(spanish.length).toBe(4);
    expect(spanish.every((h) => h.country === 'es' && h.is_example)).toBe(true);
    const portuguese = await search('organizacoes.php', 'exemplo');
    expect(portuguese.length).toBe(3);
    expect(portuguese.every((h) => h.country === 'pt' && h.is_example)).toBe(true);
  });

  it('ranks name prefixes before word prefixes before the municipality, and sees operators’ rows', async () => {
    await t.database.db.insert(companies).values([
      { name: 'Inmuebles Reales Madrid S.A.', taxId: 'A28000017', country: 'es', municipality: 'Getafe' },
      { name: 'Talleres Unidos S.L.', taxId: 'B28000024', country: 'es', municipality: 'Inmuebles' },
    ]);
    t.app.companies.invalidate();
    expect(names(await search('sociedad.php', 'inmuebles'))).toEqual([
      'Inmuebles Reales Madrid S.A.',
      'Gestión de Inmuebles Ejemplo S.L. (ejemplo)',
      'Talleres Unidos S.L.',
    ]);
  });

  it('refuses an over-long term', async () => {
    const response = await t.app.inject({ url: `/sociedad.php?app=1&sociedad=${'a'.repeat(101)}` });
    expect(response.statusCode).toBe(400);
  });
});
