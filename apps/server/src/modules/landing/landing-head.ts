import { formatEuros, type LandingData, type RuntimeConfig } from '@shop/domain';
import type { PageHead } from '../../http/host-page.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../http/translate.ts';
import type { LanguageAlternate } from './landing-alternates.ts';

/** JSON safe inside a <script> data block. */
const ldJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The landing page's h1 and <title> text. */
export function landingTitle(landing: LandingData, config: Pick<RuntimeConfig, 'language'>): string {
  const key = landing.folder === 'RegistroPropiedad' ? 'landing.titleRegistro' : 'landing.titleNotaSimple';
  return translate(config.language, key, { municipio: landing.municipality.name });
}

/**
 * Title, meta description, canonical URL, its language versions (hreflang),
 * Open Graph and JSON-LD (Service with its Offer, BreadcrumbList) of a municipality landing page: what a search
 * engine or a link preview reads without running any script.
 */
export function landingHead(
  landing: LandingData,
  config: RuntimeConfig,
  origin: string,
  alternates: readonly LanguageAlternate[] = [],
): PageHead {
  const { language, portal_name, app_prefix } = config;
  const { name, province } = landing.municipality;
  const title = landingTitle(landing, config);
  const delivery =
    landing.delivery_hours !== null
      ? translate(language, 'landing.deliveryHours', { count: landing.delivery_hours, municipio: name })
      : config.nsCopy;
  const description = translate(language, 'landing.description', {
    municipio: name,
    provincia: province,
    price: formatEuros(landing.price, language),
    delivery: delivery.replace(/\.$/, ''),
  });
  const canonical = `${origin}${app_prefix}${landing.path}`;
  const services = `${origin}${app_prefix}/servicios`;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: title,
      serviceType: translate(language, 'landing.serviceType'),
      description,
      url: canonical,
      areaServed: {
        '@type': 'City',
        name,
        containedInPlace: { '@type': 'AdministrativeArea', name: province },
      },
      provider: { '@type': 'Organization', name: portal_name, url: services },
      offers: {
        '@type': 'Offer',
        price: (landing.price / 100).toFixed(2),
        priceCurrency: 'EUR',
        url: canonical,
        availability: 'https://schema.org/InStock',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: translate(language, 'titles.services'), item: services },
        { '@type': 'ListItem', position: 2, name: title, item: canonical },
      ],
    },
  ];
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const headHtml = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternates.map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`,
    ),
    meta('og:type', 'website'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', canonical),
    meta('og:site_name', portal_name),
    meta('og:locale', { es: 'es_ES', pt: 'pt_PT', en: 'en_GB' }[language]),
    `<script type="application/ld+json">${ldJson(jsonLd)}</script>`,
  ].join('\n    ');
  return { title: `${title} | ${portal_name}`, description, headHtml };
}
