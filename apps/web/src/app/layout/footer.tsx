import { Link } from 'wouter';
import { setConsentSettingsOpen } from '../../shared/consent/consent-store.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths } from '../../shared/paths.ts';
import { OfficialNotice } from '../../shared/ui/official-notice.tsx';
import styles from './layout.module.css';

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <OfficialNotice className={styles.identity} />
      <Link href={paths.about()}>{t('footer.about')}</Link>
      {' · '}
      <Link href={paths.privacy()}>{t('legalPages.privacyLink')}</Link>
      {' · '}
      <Link href={paths.conditions()}>{t('legalPages.conditionsLink')}</Link>
      {' · '}
      <button type="button" className={styles.linkButton} onClick={() => setConsentSettingsOpen(true)}>
        {t('consent.footerLink')}
      </button>
      <p className={styles.attribution}>{t('about.attribution')}</p>
    </footer>
  );
}
