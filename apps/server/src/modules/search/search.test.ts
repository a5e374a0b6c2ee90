import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registries, slowRegistryPlaces } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';

describe.each(testDatabaseKinds())('search endpoints (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // The operator's registry data, replacing the seed's example rows.
    const db = t.database.db;
    await db.delete(registries);
    await db.delete(slowRegistryPlaces);
    await db.insert(registries).values([
      { name: 'Registro de Madrid nº 1', municipality: 'Madrid', municipalityIne: '28079', deliveryHours: 2 },
      { name: 'Registro de Madrid nº 2', municipality: 'Madrid', municipalityIne: '28079', deliveryHours: 3 },
      { name: 'Registro de Las Rozas', municipality: 'Las Rozas de Madrid', deliveryHours: 2 },
      { name: 'Registro de Alicante nº 1', municipality: 'Alicante', deliveryHours: 5 },
      {
        name: 'Registro de Barcelona nº 1',
        municipality: 'Barcelona',
        municipalityIne: '08019',
        deliveryHours: 8,
      },
    ]);
    await db
      .insert(slowRegistryPlaces)
      .values([{ name: 'Puebla de Sanabria' }, { name: 'Vilafranca de los Barros' }, { name: 'Lugoxx' }]);
    await t.app.places.reloadRegistries();
  });
  afterAll(() => t?.close());

  const search = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<Record<string, unknown> & { label: string; value: string }>;
  };
  const municipalities = (term: string) => search(`/registros.php?app=1&term=${encodeURIComponent(term)}`);
  const freguesias = (term: string, type = 'all') =>
    search(`/freguesias.php?app=1&type=${type}&term=${encodeURIComponent(term)}`);

  it('registros.php: madrid -> Madrid first, prefix matches before word and substring matches', async () => {
    const hits = await municipalities('madrid');
    expect(hits[0]).toEqual({
      label: 'Madrid (Madrid)',
      value: 'Madrid',
      name: 'Madrid',
      province: 'Madrid',
      province_code: '28',
      ine: '28079',
      slug: 'madrid',
      delivery_hours: 3,
      slow_registry: false,
    });
    const names = hits.map((h) => h.name);
    expect(names.slice(0, 3)).toEqual(['Madrid', 'Madridanos', 'Madridejos']);
    expect(names.indexOf('Humanes de Madrid')).toBeGreaterThan(names.indexOf('Madridejos'));
    expect(names.indexOf('Valmadrid')).toBeGreaterThan(names.indexOf('Las Rozas de Madrid'));
    expect(names.indexOf('Rivas-Vaciamadrid')).toBeGreaterThan(names.indexOf('Humanes de Madrid'));
  });

  it.each([
    ['cordoba', 'Córdoba'],
    ['CÓRDOBA', 'Córdoba'],
    ['a coruna', 'A Coruña'],
    ['coruna', 'A Coruña'],
    ['hospitalet', "L'Hospitalet de Llobregat"],
    ['alicante', 'Alacant/Alicante'],
    ['rozas de madrid', 'Las Rozas de Madrid'],
  ])('registros.php: %j finds %s first (accents, case, articles, bilingual names)', async (term, first) => {
    expect((await municipalities(term))[0]?.name).toBe(first);
  });

  it('registros.php: at most 20 results, none for fewer than 2 characters or no match', async () => {
    expect(await municipalities('sa')).toHaveLength(20);
    expect(await municipalities('m')).toEqual([]);
    expect(await municipalities('')).toEqual([]);
    expect(await municipalities('zzzz')).toEqual([]);
    expect(await search('/registros.php')).toEqual([]);
  });

  it.each([
    ['madrid', 'Madrid', 3, false, 'two registries by INE code: the slower'],
    ['rozas de madrid', 'Las Rozas de Madrid', 2, false, 'a registry by name only'],
    ['alicante', 'Alacant/Alicante', 5, false, 'by one part of a bilingual name'],
    ['barcelona', 'Barcelona', 8, false, 'by INE code'],
    ['puebla de sanabria', 'Puebla de Sanabria', null, true, 'no registry row; a slow place by name'],
    [
      'villafranca de los barros',
      'Villafranca de los Barros',
      null,
      true,
      'slow: one edit from a listed name',
    ],
    ['lugo', 'Lugo', null, false, 'not slow: two edits from a listed name'],
  ])(
    'registros.php: %j -> %s with delivery_hours %j, slow_registry %j (%s)',
    async (term, name, hours, slow, _why) => {
      const hit = (await municipalities(term)).find((h) => h.name === name);
      expect(hit).toMatchObject({ delivery_hours: hours, slow_registry: slow });
    },
  );

  it('registros.php: an operator’s change shows after reloadRegistries', async () => {
    await t.database.db.insert(slowRegistryPlaces).values({ name: 'Barcelona' });
    await t.database.db.insert(registries).values({
      name: 'Registro de Barcelona nº 2',
      municipality: 'Barcelona',
      municipalityIne: '08019',
      deliveryHours: 24,
    });
    await t.app.places.reloadRegistries();
    expect((await municipalities('barcelona'))[0]).toMatchObject({ delivery_hours: 24, slow_registry: true });
  });

  it("freguesias.php: benfica -> Lisboa's Benfica, labelled distrito / concelho / freguesia", async () => {
    const hits = await freguesias('benfica');
    expect(hits[0]).toEqual({
      label: 'Lisboa / Lisboa / Benfica',
      value: 'Lisboa / Lisboa / Benfica',
      code: '110608',
      freguesia: 'Benfica',
      concelho: 'Lisboa',
      distrito: 'Lisboa',
      legacy: false,
    });
    expect(hits.map((h) => h.label)).toEqual([
      'Lisboa / Lisboa / Benfica',
      'Santarém / Almeirim / Benfica do Ribatejo',
      'Lisboa / Lisboa / São Domingos de Benfica',
    ]);
  });

  it('freguesias.php: type=all adds the 2013 names the current map no longer has; type=ips does not', async () => {
    const legacyLabel = 'Aveiro / Águeda / União das freguesias de Águeda e Borralha';
    const all = await freguesias('borralha', 'all');
    const ips = await freguesias('borralha', 'ips');
    expect(all.find((h) => h.label === legacyLabel)).toMatchObject({ legacy: true, code: '010121' });
    expect(ips.some((h) => h.label === legacyLabel)).toBe(false);
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((h) => h.legacy === false)).toBe(true);
  });

  it('freguesias.php: type defaults to all; an unknown type is a 400', async () => {
    expect((await search('/freguesias.php?term=borralha')).some((h) => h.legacy)).toBe(true);
    const bad = await t.app.inject({ url: '/freguesias.php?type=x&term=benfica' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, errors: [{ path: 'type' }] });
  });

  it('freguesias.php: accent-insensitive, finds by concelho after name matches', async () => {
    expect((await freguesias('sao domingos de benfica'))[0]?.freguesia).toBe('São Domingos de Benfica');
    const byConcelho = await freguesias('almeirim');
    expect(byConcelho.some((h) => h.concelho === 'Almeirim')).toBe(true);
  });
});
