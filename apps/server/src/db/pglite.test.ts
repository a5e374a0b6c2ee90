import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../paths.ts';
import { migrate, openDatabase, queryRows } from './client.ts';
import { copyTemplateIfNew, createPgliteTemplate, newPglite, PGLITE_TEMPLATE_DIR } from './pglite.ts';

describe('PGlite template (a new data directory without initdb in the server)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));
  const template = path.join(root, 'template');

  beforeAll(() => createPgliteTemplate(template), 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is named after the installed PGlite version, beside the server build', () => {
    expect(path.basename(PGLITE_TEMPLATE_DIR)).toMatch(/^\d+\.\d+\.\d+/);
    expect(path.relative(SERVER_DIR, PGLITE_TEMPLATE_DIR)).toBe(
      path.join('pglite-template', path.basename(PGLITE_TEMPLATE_DIR)),
    );
  });

  it('is a closed, empty database: no side folder left, no lock', () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(root)).toEqual(['template']);
    expect(existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
  });

  it('fills a new data directory, which then opens, migrates and keeps its data', async () => {
    const dataDir = path.join(root, 'data');
    expect(copyTemplateIfNew(dataDir, template)).toBe(true);

    const client = newPglite({ dataDir });
    await client.query('CREATE TABLE kept (n int)');
    await client.query('INSERT INTO kept VALUES (42)');
    await client.close();

    // An existing database is never overwritten by the template.
    expect(copyTemplateIfNew(dataDir, template)).toBe(false);
    const again = newPglite({ dataDir });
    expect((await again.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
    await again.close();
  }, 60_000);

  it('redoes a copy cut short (PG_VERSION is written last)', () => {
    const dataDir = path.join(root, 'cut-short');
    copyTemplateIfNew(dataDir, template);
    rmSync(path.join(dataDir, 'PG_VERSION'));
    rmSync(path.join(dataDir, 'base'), { recursive: true });
    expect(copyTemplateIfNew(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'base'))).toBe(true);
  });

  it('leaves a new data directory alone when there is no template (PGlite runs initdb)', () => {
    const dataDir = path.join(root, 'no-template');
    expect(copyTemplateIfNew(dataDir, path.join(root, 'missing'))).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('runs with small shared buffers, and openDatabase uses them', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'opened') });
    try {
      await migrate(database);
      const [row] = await queryRows<{ shared_buffers: string }>(database.db, 'SHOW shared_buffers');
      expect(row?.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  }, 60_000);
});
