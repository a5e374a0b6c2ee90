import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { paths } from '../../shared/paths.ts';
import { isWizardPath } from './header-rules.ts';
import styles from './layout.module.css';

const LeaveWizardDialog = lazy(() => import('./leave-wizard-dialog.tsx'));

/**
 * The header's logo (spec 2): the portal's homepage, or services when embedded
 * or without one. In the middle of a wizard it first asks, in an accessible
 * dialog, whether to leave the form.
 */
export function BrandLink({
  homepage,
  label,
  children,
}: {
  homepage: string | null;
  label: string;
  children: ReactNode;
}) {
  const [pathname, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const ask = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isWizardPath(pathname) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    setAsking(true);
  };
  const leave = () => {
    setAsking(false);
    if (homepage) window.location.assign(homepage);
    else navigate(paths.services());
  };
  return (
    <>
      {homepage ? (
        <a href={homepage} className={styles.brand} aria-label={label} onClick={ask}>
          {children}
        </a>
      ) : (
        <Link href={paths.services()} className={styles.brand} aria-label={label} onClick={ask}>
          {children}
        </Link>
      )}
      {/* Outside the site's header: a dialog's own header must not sit inside the banner landmark. */}
      {asking
        ? createPortal(
            <Suspense fallback={null}>
              <LeaveWizardDialog onLeave={leave} onStay={() => setAsking(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
