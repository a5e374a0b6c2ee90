import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { SSR_SOURCE_ENTRY } from '../../testing/ssr.ts';

/** Issue 20 item 5: landing pages only where their button works, one sitemap per store, hreflang. */
const ES = 'registro.example.test'; // store 14
const EN = 'uk.example.test'; // store 18
const EN_IE = 'ie.example.test'; // store 17 (the lowest English store id: the English version)
const PT = 'pt.example.test'; // store 16

describe.each(testDatabaseKinds())('landing pages per store (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      SSR_ENTRY: SSR_SOURCE_ENTRY,
      STORE_HOSTS: `${ES}=14,${EN}=18,${EN_IE}=17,${PT}=16`,
    });
  });
  afterAll(() => t?.close());

  const get = (host: string, url: string) => t.app.inject({ url, headers: { host } });

  it.each(['RegistroPropiedad', 'NotaSimpleRegistroPropiedad'])(
    'a Portuguese store sends /%s/{municipio} to its services screen (the Nota Simple button is refused there)',
    async (folder) => {
      const page = await get(PT, `/app/${folder}/getafe?utm_source=x`);
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe('/app/servicios?utm_source=x');
      const search = await get(PT, `/app/${folder}?q=getafe`);
      expect(search.statusCode).toBe(302);
      expect(search.headers.location).toBe('/app/servicios?q=getafe');
      const byQuery = await t.app.inject({ url: `/app/${folder}/getafe?store_id=26` });
      expect(byQuery.headers.location).toBe('/app/servicios?store_id=26');
    },
  );

  it.each([1, 15, 17, 21, 23])(
    'store %i serves the landing page, its button opening the wizard',
    async (store) => {
      const page = await t.app.inject({ url: `/app/RegistroPropiedad/getafe?store_id=${store}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('href="/app/nota-simple/step1?municipio=getafe"');
    },
  );

  it('a landing page names its Spanish and English versions (hreflang, x-default Spanish) on each store', async () => {
    const links = (html: string) => [
      ...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g),
    ];
    const expected = [
      ['es', `http://${ES}/app/RegistroPropiedad/getafe`],
      ['en', `http://${EN_IE}/app/RegistroPropiedad/getafe`],
      ['x-default', `http://${ES}/app/RegistroPropiedad/getafe`],
    ];
    const spanish = await get(ES, '/app/RegistroPropiedad/getafe');
    expect(links(spanish.body).map((m) => [m[1], m[2]])).toEqual(expected);
    expect(spanish.body).toContain(
      `<link rel="canonical" href="http://${ES}/app/RegistroPropiedad/getafe" />`,
    );
    // The UK store's page: its own English version, the Spanish one on the registry portal.
    const english = await get(EN, '/app/RegistroPropiedad/getafe');
    expect(english.statusCode).toBe(200);
    expect(links(english.body).map((m) => [m[1], m[2]])).toEqual([
      expected[0],
      ['en', `http://${EN}/app/RegistroPropiedad/getafe`],
      expected[2],
    ]);
    expect(spanish.body).not.toContain('hreflang="pt"');
  });

  it("each store's sitemap lists only its own pages", async () => {
    const ptIndex = await get(PT, '/sitemap.xml');
    expect(ptIndex.statusCode).toBe(200);
    expect(ptIndex.body).toContain(`<loc>http://${PT}/sitemaps/pages.xml</loc>`);
    expect(ptIndex.body).not.toContain('RegistroPropiedad');
    expect((await get(PT, '/sitemaps/RegistroPropiedad.xml')).statusCode).toBe(404);
    const ptPages = await get(PT, '/sitemaps/pages.xml');
    expect(ptPages.body).toContain(`<loc>http://${PT}/app/servicios</loc>`);

    const esIndex = await get(ES, '/sitemap.xml');
    expect(esIndex.body).toContain(`<loc>http://${ES}/sitemaps/RegistroPropiedad.xml</loc>`);
    expect(esIndex.body).toContain(`<loc>http://${ES}/sitemaps/NotaSimpleRegistroPropiedad.xml</loc>`);
    const part = await get(ES, '/sitemaps/RegistroPropiedad.xml');
    expect(part.statusCode).toBe(200);
    expect(part.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(part.body.match(/<url>/g)?.length).toBe(8132);
    expect(part.body).toContain(
      `<url><loc>http://${ES}/app/RegistroPropiedad/getafe</loc>` +
        `<xhtml:link rel="alternate" hreflang="es" href="http://${ES}/app/RegistroPropiedad/getafe"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="http://${EN_IE}/app/RegistroPropiedad/getafe"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="http://${ES}/app/RegistroPropiedad/getafe"/></url>`,
    );
    // Chosen by ?store_id= on one host: the index keeps the store in its parts.
    const byQuery = await t.app.inject({ url: '/sitemap.xml?store_id=28' });
    expect(byQuery.body).toContain('/sitemaps/pages.xml?store_id=28</loc>');
    expect(byQuery.body).not.toContain('RegistroPropiedad');
    expect(
      (await t.app.inject({ url: '/sitemaps/NotaSimpleRegistroPropiedad.xml?store_id=28' })).statusCode,
    ).toBe(404);
  });
});
