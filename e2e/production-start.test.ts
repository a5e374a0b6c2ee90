import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, SERVER_DIST, WEB_DIST } from '../scripts/build.mjs';
import { checkProduction } from '../scripts/check-production.mjs';

// The production start (docs/operations.md): after a build, a production
// install (`npm ci --omit=dev`) and `node apps/server/dist/server.js` serve the
// shop. Reinstalling here would take a minute and the network, so the test
// lays out what that install leaves: the build, the files the server reads,
// and a node_modules holding only the packages the lock file does not mark as
// dev. The built server must start and serve from there, with no tsx, no
// esbuild, no Vite. (.ci/run also checks after a real `npm ci --omit=dev`.)

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
}

/**
 * The node_modules entries a production install keeps, per package-lock.json:
 * the top-level ones and the server workspace's own (a version that differs
 * from the top-level one, e.g. fast-xml-parser, is installed under
 * apps/server/node_modules), as paths from the repository's root.
 */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return Object.entries(lock.packages)
    .filter(
      ([key, entry]) =>
        /^(apps\/server\/)?node_modules\/(@[^/]+\/)?[^/]+$/.test(key) && !entry.dev && !entry.devOptional,
    )
    .map(([key]) => key);
}

function link(target: string, at: string) {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at);
}

describe('the production start', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'shop-production-tree-'));
  const installed: string[] = [];

  beforeAll(async () => {
    await ensureBuilt({ log: () => {} });
    // The server's build is copied (Node resolves packages from a module's real path).
    cpSync(SERVER_DIST, path.join(tree, 'apps/server/dist'), { recursive: true });
    for (const file of ['package.json', 'apps/server/package.json']) {
      cpSync(path.join(ROOT, file), path.join(tree, file));
    }
    for (const folder of [
      'apps/server/drizzle',
      'apps/server/pglite-template',
      'apps/server/src/db/reference',
    ]) {
      link(path.join(ROOT, folder), path.join(tree, folder));
    }
    link(WEB_DIST, path.join(tree, 'apps/web/dist'));
    for (const entry of productionPackages()) {
      const real = path.join(ROOT, entry);
      if (!existsSync(real)) continue; // an optional package for another platform
      link(real, path.join(tree, entry));
      installed.push(entry.replace(/^node_modules\//, ''));
    }
  }, 180_000);

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('leaves out the build tools, as `npm ci --omit=dev` does', () => {
    expect(installed).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite', 'pg', 'zod']));
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest'])
      expect(installed).not.toContain(tool);
  });

  it("builds the server-rendering module with React's production code, whatever NODE_ENV the server runs under", () => {
    // The module and the chunks it imports (Rolldown splits what the server and the lazy routes share).
    const dir = path.join(WEB_DIST, 'ssr');
    const ssr = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
      .join('\n');
    // Left in, `process.env.NODE_ENV` picks React's development code at run time (npm start sets
    // no NODE_ENV): a stack trace captured for every element rendered.
    expect(ssr).not.toContain('process.env.NODE_ENV');
    expect(ssr).toMatch(/exports\.jsx = jsxProd;/);
  });

  it('serves the shop from `node apps/server/dist/server.js` on a new PGlite database', async () => {
    const output = await checkProduction({ root: tree });
    expect(output).toMatch(/Shop ready on http:\/\/localhost:\d+\/app\/servicios/);
  }, 150_000);
});
