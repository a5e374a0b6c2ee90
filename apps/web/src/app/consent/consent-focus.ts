import { focusMainHeading } from '../route-focus.ts';

// Where the focus was before it entered the cookie banner (one banner per page).
let returnTo: HTMLElement | null = null;

/** Remembers where the focus came from when it enters the banner from outside it. */
export function rememberFocusOrigin(from: EventTarget | null, banner: HTMLElement): void {
  if (from instanceof HTMLElement && !banner.contains(from)) returnTo = from;
}

/**
 * After the visitor answered the banner (or closed its settings): the focus goes
 * back where it was before the banner, else to the page's main heading, unless
 * something else (the dialog's opener) has taken it meanwhile.
 */
export function restoreFocusAfterConsent(): void {
  const target = returnTo;
  returnTo = null;
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    if (target?.isConnected) target.focus();
    else focusMainHeading();
  });
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** The page's focusable elements outside the banner, in document order. */
function pageStops(banner: HTMLElement): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !banner.contains(el) && el.getClientRects().length > 0,
  );
}

/**
 * Makes the cookie banner the first Tab stop while it shows, though it comes
 * last in the markup (rendered after the page so that hydrating it never
 * disturbs the page's): Tab from nowhere enters the banner, Tab from its last
 * button goes on to the page's first stop, Shift+Tab from the page's first stop
 * goes back into the banner. Returns the listener's removal.
 */
export function bannerFirstInTabOrder(banner: HTMLElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const own = [...banner.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = own[0];
    const last = own[own.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    const stops = pageStops(banner);
    let target: HTMLElement | undefined;
    if (!event.shiftKey && (active === null || active === document.body)) target = first;
    else if (!event.shiftKey && active === last) target = stops[0];
    else if (event.shiftKey && active === first) target = undefined;
    else if (event.shiftKey && active === stops[0]) target = last;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
