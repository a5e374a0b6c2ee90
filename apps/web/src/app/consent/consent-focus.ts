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
