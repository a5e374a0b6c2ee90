import type { LandingData } from '@shop/domain';
import { Link } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import buttonStyles from '../../../shared/ui/button.module.css';
import { FeeBreakdown } from '../../../shared/ui/fee-breakdown.tsx';
import styles from './landing.module.css';

/**
 * A municipality's landing page (spec 2): who the registry is, what the Nota
 * Simple costs and when it arrives, and a call to action that opens the wizard
 * with the municipality filled in. Rendered on the server, readable without
 * JavaScript: the call to action is a plain link the server answers with the
 * municipality in the page's configuration (`municipio`, spec 3).
 */
export function LandingPage({ landing }: { landing: LandingData }) {
  const t = useT();
  const { app_prefix, nsCopy } = useConfig();
  const { name, province } = landing.municipality;
  const title = t(
    landing.folder === 'RegistroPropiedad' ? 'landing.titleRegistro' : 'landing.titleNotaSimple',
    {
      municipio: name,
    },
  );
  const cta = (
    <a
      className={`${buttonStyles.button} ${buttonStyles.primary} ${styles.cta}`}
      href={`${app_prefix}${paths.notaSimpleStep(1)}?municipio=${encodeURIComponent(landing.url)}`}
    >
      {t('landing.cta', { municipio: name })}
    </a>
  );
  return (
    <article className={styles.page} aria-labelledby="landing-title">
      <nav aria-label={t('landing.breadcrumb')}>
        <ol className={styles.breadcrumb}>
          <li>
            <Link href={paths.services()}>{t('titles.services')}</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <h1 id="landing-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.lead}>{t('landing.lead', { municipio: name, provincia: province })}</p>
      {cta}
      <section className={styles.section} aria-labelledby="landing-registry">
        <h2 id="landing-registry">{t('landing.registryHeading')}</h2>
        {landing.registries.length > 0 ? (
          <ul className={styles.registries}>
            {landing.registries.map((registry) => (
              <li key={`${registry.name}-${registry.address}`}>
                <strong>{registry.name}</strong>
                {registry.address && <span>{registry.address}</span>}
                {registry.phone && <span>{t('landing.registryPhone', { phone: registry.phone })}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('landing.registryUnknown')}</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="landing-delivery">
        <h2 id="landing-delivery">{t('landing.deliveryHeading')}</h2>
        <p>
          {landing.delivery_hours !== null
            ? t('landing.deliveryHours', { count: landing.delivery_hours, municipio: name })
            : nsCopy}
        </p>
        <p>{t('landing.deliveryByEmail')}</p>
      </section>
      <section className={styles.section} aria-labelledby="landing-price">
        <h2 id="landing-price">{t('landing.priceHeading')}</h2>
        <FeeBreakdown
          total={landing.price}
          officialFee={landing.official_fee}
          vatRateBp={landing.vat_rate_bp}
        />
      </section>
      {cta}
    </article>
  );
}

/** An unknown municipality (404): a search form that works without JavaScript (GET {folder}?q=). */
export function LandingNotFound({ folder, query }: { folder: string; query: string }) {
  const t = useT();
  usePageTitle(t('landing.notFoundTitle'));
  const { app_prefix } = useConfig();
  return (
    <article className={styles.page} aria-labelledby="landing-title">
      <h1 id="landing-title" className={styles.title}>
        {t('landing.notFoundTitle')}
      </h1>
      <p>{t('landing.notFoundText')}</p>
      {query && <p role="status">{t('landing.noResults', { q: query })}</p>}
      <search>
        <form className={styles.search} method="get" action={`${app_prefix}/${folder}`}>
          <label htmlFor="landing-q">{t('landing.searchLabel')}</label>
          <input
            id="landing-q"
            name="q"
            type="search"
            defaultValue={query}
            minLength={2}
            maxLength={100}
            required
          />
          <button type="submit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('landing.searchButton')}
          </button>
        </form>
      </search>
    </article>
  );
}
