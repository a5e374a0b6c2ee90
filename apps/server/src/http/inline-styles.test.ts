import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStyleInliner } from './inline-styles.ts';
import { scriptsAfterPaint } from './page-renderer.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'inline-styles-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'index-a1.css'), '.a{color:red}\n');
writeFileSync(path.join(dist, 'assets', 'evil-b2.css'), '.b{content:"</style><script>"}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('stylesheets inside a server-rendered page (ADR 009)', () => {
  const styles = createStyleInliner(dist);

  it('puts a built stylesheet inline, with a link no browser fetches beside it', async () => {
    expect(await styles.styleTag('/assets/index-a1.css')).toBe(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/assets/index-a1.css" type="text/x-inline" />',
    );
  });

  it('keeps the link for a file it cannot read, one that could close the element, or outside /assets/', async () => {
    expect(await styles.styleTag('/assets/missing-c3.css')).toBe(
      '<link rel="stylesheet" href="/assets/missing-c3.css" />',
    );
    expect(await styles.styleTag('/assets/evil-b2.css')).toBe(
      '<link rel="stylesheet" href="/assets/evil-b2.css" />',
    );
    const page = '<head><link rel="stylesheet" href="https://cdn.example/x.css"></head>';
    expect(await styles.inlineLinks(page)).toBe(page);
  });

  it("replaces the template's links and leaves everything else", async () => {
    const page =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-a1.css"><title>x</title></head>';
    expect(await styles.inlineLinks(page)).toBe(
      '<head><style>.a{color:red}</style><link rel="stylesheet" href="/assets/index-a1.css" type="text/x-inline" /><title>x</title></head>',
    );
  });

  it('starts the scripts of a server-rendered page after its first paint', () => {
    const page =
      '<head><script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" crossorigin href="/assets/b.js"><link rel="modulepreload" href="/assets/c.js" /></head><body>x</body>';
    expect(scriptsAfterPaint(page)).toBe(
      '<head><script defer src="/after-paint.js" data-entry="/assets/a.js" data-preload="[&quot;/assets/b.js&quot;,&quot;/assets/c.js&quot;]"></script></head><body>x</body>',
    );
    // No entry module (or an unexpected page): left as it is.
    expect(scriptsAfterPaint('<head></head>')).toBe('<head></head>');
  });
});
