import { cartLines } from '@shop/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { isCartMenuVisible } from '../utils/cart-menu-rules.ts';
import styles from './cart-menu.module.css';

// The list, its actions and the edit dialogs load when the menu first opens.
const CartMenuPanel = lazy(() => import('./cart-menu-panel.tsx'));

function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * The header's cart menu (spec 2 "Header"): a disclosure button with the item
 * count that opens the list of items. Hidden below 1 item (2 on customer routes).
 */
export function CartMenu() {
  const { cart } = useConfig();
  const t = useT();
  const [pathname] = useLocation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Each line counts: a deed with its Nota Simple add-on is 2 items (ADR 027).
  const count = cartLines(cart.items).length;
  const visible = isCartMenuVisible(count, pathname);

  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route changes only
  useEffect(() => setOpen(false), [pathname]);

  // The last item removed from inside the menu: the menu goes, focus goes to the page heading.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!visible && wasOpen.current) focusPageHeading();
    wasOpen.current = visible && open;
    if (!visible) setOpen(false);
  }, [visible, open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      // The edit dialog lives inside the menu, so a click in it counts as inside.
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!visible) return null;

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere in the menu closes it
    <div
      ref={rootRef}
      className={styles.root}
      onKeyDown={(event) => {
        // Escape inside the edit dialog closes the dialog only.
        if (event.key !== 'Escape' || !open || (event.target as Element).closest('dialog')) return;
        event.stopPropagation();
        close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="cart-menu-button"
      >
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2.2 8.4a2 2 0 0 1-1.9 1.6H8.3a2 2 0 0 1-2-1.6L3.6 2H1V0h4.2l.4 2" />
        </svg>
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
        {/* The words are read out everywhere; on narrow screens only the number shows. */}
        <span className={styles.label} data-testid="cart-count">
          {t('header.cartItems', { count })}
        </span>
      </button>
      {open && (
        <Suspense
          fallback={
            <div id={panelId} className={styles.panel} aria-busy="true">
              {t('common.loading')}
            </div>
          }
        >
          <CartMenuPanel id={panelId} onNavigate={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
