import type { LandingData, RuntimeConfig } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registries } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { SSR_SOURCE_ENTRY } from '../../testing/ssr.ts';

function dataBlock<T>(html: string, id: string): T {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error(`no ${id} in the page`);
  return JSON.parse(match[1]) as T;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as Array<Record<string, unknown>>;
}

/** The text a reader without JavaScript sees inside the root element. */
const rootText = (html: string) =>
  (/<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

describe.each(testDatabaseKinds())('municipality landing pages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { SSR_ENTRY: SSR_SOURCE_ENTRY });
    await t.database.db.insert(registries).values({
      name: 'Registro de la Propiedad de Getafe n.º 1',
      municipality: 'Getafe',
      municipalityIne: '28065',
      address: 'Calle Madrid 57, Getafe',
      phone: '916 95 33 21',
      deliveryHours: 6,
    });
    await t.app.landing.reloadRegistries();
    await t.app.places.reloadRegistries();
  });
  afterAll(() => t?.close());

  it('renders title, description, canonical, Open Graph, JSON-LD and the page itself without JavaScript', async () => {
    const response = await t.app.inject({
      url: '/app/NotaSimpleRegistroPropiedad/alcala-de-henares?store_id=14',
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const title = 'Nota Simple del Registro de la Propiedad de Alcalá de Henares';
    expect(html).toContain(`<title>${title} | `);
    expect(html).toMatch(
      /<meta name="description" content="Nota Simple de cualquier inmueble de Alcalá de Henares \(Madrid\) online por 20,76/,
    );
    expect(html).toContain(
      '<link rel="canonical" href="http://localhost:80/app/NotaSimpleRegistroPropiedad/alcala-de-henares" />',
    );
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    const [service, breadcrumb] = jsonLd(html);
    expect(service).toMatchObject({
      '@type': 'Service',
      areaServed: { name: 'Alcalá de Henares', containedInPlace: { name: 'Madrid' } },
      offers: { '@type': 'Offer', price: '20.76', priceCurrency: 'EUR' },
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(breadcrumb?.itemListElement).toHaveLength(2);

    const text = rootText(html);
    expect(text).toContain(title);
    expect(text).toContain('Alcalá de Henares (Madrid)');
    // No registry known for it: the honest promise.
    expect(text).toContain('Encontramos por ti el Registro de la Propiedad competente');
    expect(text).toContain('Tasa oficial');
    expect(text).toContain('20,76');
    expect(text).toContain('Recibir hoy antes de 4 horas laborables');
    expect(html).toContain('href="/app/nota-simple/step1?municipio=alcala-de-henares"');

    const landing = dataBlock<LandingData>(html, 'landing-data');
    expect(landing).toMatchObject({
      folder: 'NotaSimpleRegistroPropiedad',
      url: 'alcala-de-henares',
      price: 2076,
    });
    const config = dataBlock<RuntimeConfig>(html, 'app-config');
    expect(config.municipio).toMatchObject({
      url: 'alcala-de-henares',
      name: 'Alcalá de Henares',
      province: 'Madrid',
    });
  });

  it("shows the operator's registry and its delivery time when it has one", async () => {
    const response = await t.app.inject({ url: '/app/RegistroPropiedad/getafe' });
    expect(response.statusCode).toBe(200);
    const text = rootText(response.body);
    expect(text).toContain('Registro de la Propiedad de Getafe');
    expect(text).toContain('Registro de la Propiedad de Getafe n.º 1');
    expect(text).toContain('Calle Madrid 57, Getafe');
    expect(text).toContain('suele entregarla en 6 horas laborables');
  });

  it('answers 304 to the same page again (ETag), private and revalidated', async () => {
    const first = await t.app.inject({ url: '/app/RegistroPropiedad/getafe' });
    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const second = await t.app.inject({ url: '/app/RegistroPropiedad/getafe', headers: { cookie } });
    expect(second.headers['cache-control']).toBe('private, no-cache');
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      url: '/app/RegistroPropiedad/getafe',
      headers: { cookie, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('an unknown municipality answers 404 with the search; the search finds the page', async () => {
    const response = await t.app.inject({ url: '/app/RegistroPropiedad/no-such-town' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    const text = rootText(response.body);
    expect(text).toContain('No encontramos ese municipio');
    expect(response.body).toMatch(/<search>\s*<form[^>]*action="\/app\/RegistroPropiedad"/);
    const found = await t.app.inject({ url: '/app/RegistroPropiedad?q=alcala%20de%20henares' });
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe('/app/RegistroPropiedad/alcala-de-henares');
    const none = await t.app.inject({ url: '/app/RegistroPropiedad?q=zzzzqqq' });
    expect(none.statusCode).toBe(404);
    expect(rootText(none.body)).toContain('Ningún municipio coincide con «zzzzqqq»');
  });

  it('POST municipio/ answers the landing data, 404 for an unknown one, 400 for a bad folder', async () => {
    // Like every POST, it needs the session's form key (CSRF): taken from a page.
    const page = await t.app.inject({ url: '/app/servicios' });
    const config = dataBlock<RuntimeConfig>(page.body, 'app-config');
    const cookie = page.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { cookie, 'x-form-key': config.form_key };
    {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/desktopapp/rest/municipio/',
        headers,
        payload: { url: 'getafe', folder: 'RegistroPropiedad' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        ok: true,
        landing: {
          municipality: { name: 'Getafe', province: 'Madrid' },
          registries: [{ name: 'Registro de la Propiedad de Getafe n.º 1' }],
          delivery_hours: 6,
        },
        config: { store_id: 14 },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/desktopapp/rest/municipio/',
        headers,
        payload: { url: 'no-such-town', folder: 'RegistroPropiedad' },
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/desktopapp/rest/municipio/',
        headers,
        payload: { url: 'getafe', folder: 'Other' },
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('sitemap.xml indexes one part per folder with every municipality (8,132), and robots.txt names it', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<loc>http://localhost:80/sitemaps/RegistroPropiedad.xml</loc>');
    expect(index.body).toContain('<loc>http://localhost:80/sitemaps/NotaSimpleRegistroPropiedad.xml</loc>');
    for (const folder of ['RegistroPropiedad', 'NotaSimpleRegistroPropiedad']) {
      const part = await t.app.inject({ url: `/sitemaps/${folder}.xml` });
      expect(part.statusCode).toBe(200);
      expect(part.body.match(/<url>/g)?.length).toBe(8132);
      expect(part.body).toContain(`<loc>http://localhost:80/app/${folder}/getafe</loc>`);
      expect(part.headers['cache-control']).toBe('public, max-age=3600');
      const again = await t.app.inject({
        url: `/sitemaps/${folder}.xml`,
        headers: { 'if-none-match': String(part.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await t.app.inject({ url: '/sitemaps/other.xml' })).statusCode).toBe(404);
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
    expect(robots.body).toContain('Disallow: /desktopapp/');
  });
});
