import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of biome.json (`npm run lint`): no feature imports another
// feature, no production file imports a test helper. Probe files laid out as in
// the repository are linted with the repository's own configuration.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

const PROBES: [file: string, source: string, refused: boolean][] = [
  // A feature importing another feature, from production code or a test.
  ['apps/web/src/features/cart/components/probe.tsx', '../../q-propiedades/utils/qp-plan.ts', true],
  ['apps/web/src/features/services/probe.test.ts', '../nota-simple/utils/ns-plan.ts', true],
  ['apps/web/src/features/cart/components/edit-dialogs/probe.tsx', '../../../generic-product/x.ts', true],
  // A feature importing shared code, the domain or itself.
  ['apps/web/src/features/cart/components/probe2.tsx', '../../../shared/wizard/flow-store.ts', false],
  ['apps/web/src/features/cart/components/probe3.tsx', '../utils/stored-form.ts', false],
  ['apps/web/src/features/nota-simple/components/probe.tsx', '@shop/domain', false],
  // Production code importing a test helper, anywhere in apps/ and packages/.
  ['apps/web/src/features/cart/probe4.ts', '../../testing/fake-api.ts', true],
  ['apps/web/src/shared/ui/probe.ts', '../../testing/render-app.tsx', true],
  ['apps/web/src/features/nota-simple/probe.ts', './testing/nota-simple.ts', true],
  ['apps/server/src/modules/cart/probe.ts', '../../testing/app.ts', true],
  ['apps/server/src/modules/probe.ts', './cart/cart-test-helpers.ts', true],
  ['packages/domain/src/rules/probe.ts', '../testing/definitions.ts', true],
  // Tests and test helpers may use them.
  ['apps/web/src/features/cart/probe5.test.tsx', '../../testing/fake-api.ts', false],
  ['apps/web/src/features/nota-simple/testing/probe.ts', '../../../testing/fake-api.ts', false],
  ['packages/domain/src/rules/probe.test.ts', '../testing/definitions.ts', false],
  ['apps/server/src/modules/cart/probe.test.ts', '../../testing/app.ts', false],
];

let refused: Set<string>;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  copyFileSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'));
  for (const [file, source] of PROBES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(
      path.join(dir, file),
      `import * as probe from '${source}';\n\nexport const used = probe;\n`,
    );
  }
  let output: string;
  try {
    output = execFileSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const report = JSON.parse(output.slice(output.indexOf('{'))) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  refused = new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path),
  );
}, 60_000);

afterAll(() => {
  refused.clear();
});

describe('import rules (biome.json, npm run lint)', () => {
  it.each(PROBES)('%s importing %s: refused %s', (file, _source, expected) => {
    expect(refused.has(file)).toBe(expected);
  });
});
