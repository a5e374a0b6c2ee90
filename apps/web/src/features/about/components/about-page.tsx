import { useT } from '../../../shared/i18n/use-t.ts';
import styles from './about-page.module.css';

const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';

/** What the service is and where its reference data comes from (NOTICE). */
export default function AboutPage() {
  const t = useT();

  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t('about.title')}</h1>
      <p>{t('about.intro')}</p>
      <h2 className={styles.heading}>{t('about.dataHeading')}</h2>
      <ul className={styles.sources}>
        <li>
          {t('about.ine')} <a href="https://www.ine.es/">ine.es</a>
        </li>
        <li>
          {t('about.caop')}{' '}
          <a href="https://www.dgterritorio.gov.pt/" rel="noopener">
            dgterritorio.gov.pt
          </a>{' '}
          · <a href={CC_BY}>{t('about.license')}</a>
        </li>
      </ul>
    </article>
  );
}
