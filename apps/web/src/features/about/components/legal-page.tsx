import { LEGAL_TEXT_VERSIONS } from '@shop/domain';
import type { TranslationKey } from '@shop/domain/i18n';
import { useRoute } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { OfficialNotice } from '../../../shared/ui/official-notice.tsx';
import styles from './about-page.module.css';

const SECTIONS = [1, 2, 3, 4, 5] as const;

/**
 * The privacy policy or the contracting conditions (issue 18 item 6), in the
 * store's language, with the version a registering customer accepts
 * (LEGAL_TEXT_VERSIONS, recorded with each acceptance).
 */
export default function LegalPage() {
  const t = useT();
  const { portal_name } = useConfig();
  const [privacy] = useRoute(paths.privacy());
  const doc = privacy ? 'privacy' : 'conditions';
  const key = (name: string) => `legalPages.${doc}.${name}` as TranslationKey;
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t(key('title'))}</h1>
      <p>{t('legalPages.version', { version: LEGAL_TEXT_VERSIONS[doc] })}</p>
      <p>{t(key('intro'), { portal: portal_name })}</p>
      {doc === 'conditions' ? <OfficialNotice /> : null}
      {SECTIONS.map((n) => (
        <section key={n} aria-labelledby={`${doc}-h${n}`}>
          <h2 id={`${doc}-h${n}`} className={styles.heading}>
            {t(key(`h${n}`))}
          </h2>
          <p>{t(key(`p${n}`))}</p>
        </section>
      ))}
    </article>
  );
}
