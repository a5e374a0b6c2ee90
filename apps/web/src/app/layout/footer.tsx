import { Link } from 'wouter';
import { setConsentSettingsOpen } from '../../shared/consent/consent-store.ts';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths } from '../../shared/paths.ts';
import styles from './layout.module.css';

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <Link href={paths.about()}>{t('footer.about')}</Link>
      {' · '}
      <button type="button" className={styles.linkButton} onClick={() => setConsentSettingsOpen(true)}>
        {t('consent.footerLink')}
      </button>
      <p className={styles.attribution}>{t('about.attribution')}</p>
    </footer>
  );
}
