import { Link } from 'wouter';
import { useT } from '../../shared/i18n/use-t.ts';
import { paths } from '../../shared/paths.ts';
import styles from './layout.module.css';

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <Link href={paths.about()}>{t('footer.about')}</Link>
      <p className={styles.attribution}>{t('about.attribution')}</p>
    </footer>
  );
}
