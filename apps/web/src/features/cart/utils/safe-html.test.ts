import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html.ts';

describe('sanitizeHtml', () => {
  it.each([
    ['<p>Hola <strong>Ana</strong></p>', '<p>Hola <strong>Ana</strong></p>'],
    ['<p onclick="x()">a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<div class="x"><em>b</em></div>', '<em>b</em>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      '<a href="https://example.org/ayuda">ayuda</a>',
      '<a href="https://example.org/ayuda" target="_blank" rel="noopener noreferrer">ayuda</a>',
    ],
    ['<a href="tel:+34910000000">910</a>', '<a href="tel:+34910000000">910</a>'],
    ['<img src=x onerror="alert(1)">texto', 'texto'],
    ['<style>p{}</style><iframe src="x"></iframe>1 &lt; 2', '1 &lt; 2'],
  ])('%s -> %s', (html, safe) => {
    expect(sanitizeHtml(html)).toBe(safe);
  });
});
