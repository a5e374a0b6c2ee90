import { afterEach, describe, expect, it } from 'vitest';
import { bannerFirstInTabOrder, rememberFocusOrigin, restoreFocusAfterConsent } from './consent-focus.ts';

// The banner comes last in the markup; these rules make it the first Tab stop
// and give the focus back once it is answered (issue 20 item 8).

function page() {
  document.body.innerHTML = `
    <div id="root">
      <header><a href="/app/servicios" id="logo">Logo</a></header>
      <main><h1>Servicios</h1><a href="/x" id="service">Nota Simple</a></main>
      <section id="banner"><button id="reject">Rechazar todo</button><button id="settings">Configurar</button></section>
    </div>`;
  // jsdom has no layout: every element counts as shown.
  for (const el of document.querySelectorAll<HTMLElement>('a, button'))
    el.getClientRects = () => [{}] as never;
  return document.getElementById('banner') as HTMLElement;
}

const tab = (shiftKey = false) => {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event.defaultPrevented;
};
const focusedId = () => document.activeElement?.id;

describe('the cookie banner in the Tab order', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('Tab from nowhere enters the banner; its last button leads to the page; Shift+Tab from the page goes back', () => {
    stop = bannerFirstInTabOrder(page());
    expect(tab()).toBe(true);
    expect(focusedId()).toBe('reject');
    (document.getElementById('settings') as HTMLElement).focus();
    expect(tab()).toBe(true);
    expect(focusedId()).toBe('logo');
    expect(tab(true)).toBe(true);
    expect(focusedId()).toBe('settings');
    // Inside the page the browser's own order applies.
    (document.getElementById('service') as HTMLElement).focus();
    expect(tab()).toBe(false);
  });

  it('once answered, the focus goes back where it came from', async () => {
    const banner = page();
    const logo = document.getElementById('logo') as HTMLElement;
    rememberFocusOrigin(logo, banner);
    (document.getElementById('reject') as HTMLElement).focus();
    banner.remove();
    restoreFocusAfterConsent();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(focusedId()).toBe('logo');
  });
});
