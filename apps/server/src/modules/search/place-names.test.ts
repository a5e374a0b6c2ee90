import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../../paths.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

/** Issue 20 item 4: place names as people type them (aliases, accents, case, one typo). */
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as T[];
const municipalityAliases = read<{ alias: string; ine: string; name: string }>(
  'es-municipality-aliases.json',
);
const provinceAliases = read<{ alias: string; code: string; name: string }>('es-province-aliases.json');

describe.each(testDatabaseKinds())('place-name search (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<Record<string, string> & { label: string }>;
  };
  const municipalities = (term: string) => get(`/registros.php?app=1&term=${encodeURIComponent(term)}`);
  const freguesias = (term: string, type = 'all') =>
    get(`/freguesias.php?app=1&type=${type}&term=${encodeURIComponent(term)}`);

  it('the list covers the pairs people ask about', () => {
    const aliases = new Set(municipalityAliases.map((a) => a.alias));
    for (const alias of ['La Coruña', 'Gerona', 'Lérida', 'Orense', 'San Sebastián', 'Vitoria', 'Sangenjo'])
      expect(aliases).toContain(alias);
    expect(municipalityAliases.length).toBeGreaterThan(100);
  });

  it('resolves every municipality alias of the list to its municipality first (as typed, in lower case, without accents)', async () => {
    const wrong: string[] = [];
    for (const { alias, ine, name } of municipalityAliases) {
      for (const term of [alias, alias.toLowerCase(), alias.normalize('NFD').replace(/\p{M}/gu, '')]) {
        const [first] = await municipalities(term);
        if (first?.ine !== ine) wrong.push(`${term} -> ${first?.name ?? 'nothing'} (want ${name})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('resolves every province alias to a municipality of that province first', async () => {
    const wrong: string[] = [];
    for (const { alias, code, name } of provinceAliases) {
      const [first] = await municipalities(alias);
      if (first?.province_code !== code)
        wrong.push(`${alias} -> ${first?.label ?? 'nothing'} (want ${name})`);
    }
    expect(wrong).toEqual([]);
    // A province name alone lists that province's municipalities.
    const gipuzkoa = await municipalities('guipuzcoa');
    expect(gipuzkoa.length).toBeGreaterThan(5);
    expect(gipuzkoa.every((hit) => hit.province_code === '20')).toBe(true);
  });

  it.each([
    ['la coruña', 'A Coruña'],
    ['LA CORUNA', 'A Coruña'],
    ['gerona', 'Girona'],
    ['lerida', 'Lleida'],
    ['orense', 'Ourense'],
    ['san sebastian', 'Donostia/San Sebastián'],
    ['getfe', 'Getafe'],
    ['getaef', 'Getafe'],
    ['zaragoa', 'Zaragoza'],
    ['sevila', 'Sevilla'],
    ['malaga', 'Málaga'],
    ['gerrona', 'Girona'],
    ['ourence', 'Ourense'],
  ])('registros.php: %j finds %s first (case, accents, aliases, one typo)', async (term, name) => {
    expect((await municipalities(term))[0]?.name).toBe(name);
  });

  it('registros.php: two typos or a nonsense term find nothing', async () => {
    expect(await municipalities('gtfee')).toEqual([]);
    expect(await municipalities('qwxz')).toEqual([]);
  });

  it.each([
    ['Setubal', 'Setúbal'],
    ['setubal', 'Setúbal'],
    ['Setuball', 'Setúbal'],
    ['Guimaraes', 'Guimarães'],
    ['guimaraens', 'Guimarães'],
  ])(
    'freguesias.php: %j finds the freguesias of the concelho %s (accents, case, one typo)',
    async (term, concelho) => {
      for (const type of ['all', 'ips']) {
        const hits = await freguesias(term, type);
        expect(hits.length).toBeGreaterThan(0);
        expect(hits[0]?.concelho).toBe(concelho);
      }
    },
  );

  it.each(['Famalicao', 'famalicão', 'famalicau', 'FAMALICÃO'])(
    'freguesias.php: %j finds the two freguesias Famalicão, then those of the concelho Vila Nova de Famalicão',
    async (term) => {
      const hits = await freguesias(term);
      expect(hits.slice(0, 2).map((hit) => `${hit.freguesia} (${hit.concelho})`)).toEqual([
        'Famalicão (Guarda)',
        'Famalicão (Nazaré)',
      ]);
      expect(hits.slice(2).every((hit) => hit.concelho === 'Vila Nova de Famalicão')).toBe(true);
      expect(hits).toHaveLength(20);
    },
  );

  it.each([
    ['sao sebastiao', 'São Sebastião'],
    ['Sao Sebastiao', 'São Sebastião'],
    ['benfca', 'Benfica'],
    ['alvalde', 'Alvalade'],
  ])('freguesias.php: %j finds the freguesia %s first', async (term, freguesia) => {
    const [first] = await freguesias(term);
    expect(first?.freguesia).toBe(freguesia);
  });
});
