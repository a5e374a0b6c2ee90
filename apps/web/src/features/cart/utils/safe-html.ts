const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'A',
  'SPAN',
  'H3',
  'H4',
]);
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'NOSCRIPT']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/|#)/i;

function copyInto(target: Node, source: Node, doc: Document): void {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (!ALLOWED_TAGS.has(element.tagName)) {
      // Unknown wrappers keep their text; scripts, styles and templates go entirely.
      if (!DROPPED_TAGS.has(element.tagName)) copyInto(target, element, doc);
      continue;
    }
    const clean = doc.createElement(element.tagName.toLowerCase());
    if (element.tagName === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_URL.test(href)) clean.setAttribute('href', href);
      if (/^https?:/i.test(href)) {
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
    }
    copyInto(clean, element, doc);
    target.appendChild(clean);
  }
}

/**
 * The server's HTML message reduced to text formatting and safe links (no
 * scripts, styles, event handlers or other attributes), as an HTML string.
 */
export function sanitizeHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyInto(container, source.body, out);
  return container.innerHTML;
}
