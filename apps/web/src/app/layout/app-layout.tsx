import type { ReactNode } from 'react';
import { Snackbar } from '../../shared/ui/snackbar.tsx';
import { ConsentManager } from '../consent/consent-manager.tsx';
import { ExitIntent } from '../exit-intent.tsx';
import { usePageViews } from '../page-views.ts';
import { useRouteFocus } from '../route-focus.ts';
import { useRouteHead } from '../route-head.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './layout.module.css';

export function AppLayout({ children }: { children: ReactNode }) {
  useRouteHead();
  usePageViews();
  useRouteFocus();
  return (
    <div className={styles.shell}>
      <Header />
      <main className={styles.main}>{children}</main>
      <Footer />
      <Snackbar />
      <ExitIntent />
      <ConsentManager />
    </div>
  );
}
