import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** How long a route change waits for its page's heading (a lazy chunk, the page's data). */
const WAIT_MS = 5000;

/**
 * Moves the focus to the page's main heading (`main h1`), made focusable with
 * tabIndex -1 when it is not: a screen reader announces the new page and the
 * next Tab starts from it. False when the page has no heading yet.
 */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/** Whether the page already put the focus somewhere of its own (a step's heading, an invalid field, a dialog). */
function pagePlacedFocus(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (document.querySelector('dialog[open]')) return true;
  return active !== null && active !== document.body && main.contains(active);
}

/**
 * On every client route change (not the first page load) the focus moves to the
 * new page's main heading, once it has rendered; a page that placed the focus
 * itself keeps it. The query string alone changing is not a new page.
 */
export function useRouteFocus(): void {
  const [location] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger, not an input
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.querySelector('main');
    if (!main) return;
    let done = false;
    const attempt = () => {
      if (done) return;
      done = pagePlacedFocus(main) || focusMainHeading();
      if (done) stop();
    };
    const observer = new MutationObserver(attempt);
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    }
    // The route's effects have run: a page that focuses its own heading has done it.
    attempt();
    if (!done) observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [location]);
}
