import type { Page } from 'playwright-core';

/** The sticky header's allowed height on a phone (issue 20 item 9). */
export const MAX_HEADER_HEIGHT = 64;

/**
 * What a 360 px phone would show wrong on the page as it is now, as readable
 * sentences (an empty list when nothing is wrong):
 * - the page or a text box wider than the screen;
 * - a text cut inside its box (an ellipsis, a clipped label: scrollWidth > clientWidth);
 * - a word broken across two lines ("Elimina/r"): each word of each visible
 *   text node must sit on one line (a break after a hyphen is allowed);
 * - a select whose chosen option does not fit its box ("Elige una c").
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    // A box that clips on purpose (a visually hidden text for screen readers) is not a cut text.
    const visuallyHidden = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width <= 1 && rect.height <= 1;
    };
    const canvas = document.createElement('canvas').getContext('2d');
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || !shown(el) || visuallyHidden(el)) continue;
      if (el.closest('[aria-hidden="true"], svg, script, style, noscript')) continue;
      const ownText = [...el.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const rect = el.getBoundingClientRect();
      if (el instanceof HTMLSelectElement && canvas) {
        const style = getComputedStyle(el);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const chosen = el.selectedOptions[0]?.textContent ?? '';
        const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
        // Chromium draws its arrow inside the right padding or, without one, in about 20px.
        const room = el.clientWidth - padding - (Number.parseFloat(style.paddingRight) >= 20 ? 0 : 20);
        if (canvas.measureText(chosen).width > room + 1)
          problems.push(`${name(el)} does not show "${chosen}"`);
      }
      if (!ownText) continue;
      if (rect.left < -1 || rect.right > width + 1) problems.push(`${name(el)} goes past the screen`);
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (!scrolls && el.scrollWidth > el.clientWidth + 1 && style.display !== 'inline') {
        problems.push(`${name(el)} is cut: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
      }
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\u00ad-]+/g)) {
          if (match[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) problems.push(`${name(el)} breaks the word "${match[0]}"`);
        }
      }
    }
    return [...new Set(problems)];
  });
}

/** The height of the page's sticky header (the banner landmark), in CSS pixels. */
export function headerHeight(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('header')]
        .find((h) => !h.closest('dialog, main, footer'))
        ?.getBoundingClientRect().height ?? 0,
  );
}

/**
 * Why the focused element is not visible, or null when it is: it must be inside
 * the viewport, not under the sticky header, and not under a fixed layer (the
 * cookie banner) that it is not part of.
 */
export function focusedHiddenReason(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has the focus';
    const rect = el.getBoundingClientRect();
    const label = `<${el.tagName.toLowerCase()}> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    if (rect.width === 0 && rect.height === 0) return `${label} has no box`;
    if (rect.bottom <= 0 || rect.top >= window.innerHeight)
      return `${label} is outside the viewport (${rect.top})`;
    const header = [...document.querySelectorAll('header')].find((h) => !h.closest('dialog, main, footer'));
    if (header && !header.contains(el)) {
      const bottom = header.getBoundingClientRect().bottom;
      if (rect.top < bottom - 1) return `${label} is under the sticky header (${rect.top} < ${bottom})`;
    }
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(rect.top + Math.min(rect.height / 2, 10), 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el)) {
      for (let layer: Element | null = top; layer; layer = layer.parentElement) {
        if (getComputedStyle(layer).position === 'fixed' && !layer.contains(el)) {
          return `${label} is under a fixed layer (${layer.getAttribute('data-testid') ?? layer.tagName})`;
        }
      }
    }
    return null;
  });
}
