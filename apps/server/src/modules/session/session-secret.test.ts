import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSessionSecret, SECRET_FILE } from './session-secret.ts';

describe('the session secret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('comes from SESSION_SECRET when set, and nothing is written', () => {
    const dir = dataDir();
    expect(loadSessionSecret({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dir }).toString()).toBe(
      'x'.repeat(40),
    );
    expect(() => statSync(path.join(dir, SECRET_FILE))).toThrow();
  });

  it('is generated once into DATA_DIR (owner-only) and read back at the next start', () => {
    const dir = dataDir();
    const first = loadSessionSecret({ DATA_DIR: dir });
    expect(first.length).toBeGreaterThanOrEqual(43);
    const file = path.join(dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString());
    expect(loadSessionSecret({ DATA_DIR: dir }).equals(first)).toBe(true);
    expect(loadSessionSecret({ DATA_DIR: dataDir() }).equals(first)).toBe(false);
  });
});
