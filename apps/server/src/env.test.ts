import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_KEYS, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('fills every default', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: path.resolve('./data'),
      DATABASE_URL: undefined,
      APP_PREFIX: '/app',
      PUBLIC_BASE_URL: undefined,
      LOG_LEVEL: 'info',
      COOKIE_SECURE: false,
      TRUST_PROXY: false,
      RATE_LIMIT_MAX: 600,
    });
    expect(env.STORE_HOSTS.size).toBe(0);
    expect(path.isAbsolute(env.WEB_DIST)).toBe(true);
    expect(env.WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads and converts the variables', () => {
    const env = loadEnv({
      PORT: '8080',
      DATA_DIR: 'var/shop',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      APP_PREFIX: '/tienda',
      WEB_DIST: '/srv/web',
      STORE_HOSTS: 'NotaSimple.example=14, certidao.example:8443=16',
      PUBLIC_BASE_URL: 'https://shop.example/',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'true',
      RATE_LIMIT_MAX: '0',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: path.resolve('var/shop'),
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      APP_PREFIX: '/tienda',
      WEB_DIST: '/srv/web',
      PUBLIC_BASE_URL: 'https://shop.example',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: true,
      RATE_LIMIT_MAX: 0,
    });
    expect([...env.STORE_HOSTS]).toEqual([
      ['notasimple.example', 14],
      ['certidao.example:8443', 16],
    ]);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8,127.0.0.1'],
  ])('reads TRUST_PROXY=%j', (raw, expected) => {
    expect(loadEnv({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ PORT: '', COOKIE_SECURE: '' })).toMatchObject({ PORT: 3000, COOKIE_SECURE: false });
  });

  it('fails listing every bad variable at once', () => {
    let message = '';
    try {
      loadEnv({
        PORT: 'eighty',
        APP_PREFIX: 'app/',
        DATABASE_URL: 'mysql://x',
        STORE_HOSTS: 'a.example=x',
        LOG_LEVEL: 'loud',
        COOKIE_SECURE: 'maybe',
        TRUST_PROXY: 'everyone',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid environment:/);
    for (const name of [
      'PORT',
      'APP_PREFIX',
      'DATABASE_URL',
      'STORE_HOSTS',
      'LOG_LEVEL',
      'COOKIE_SECURE',
      'TRUST_PROXY',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });
});

describe('docs/operations.md environment tables', () => {
  /** Every variable named in the first column of a `| variable | default | meaning |` table. */
  function documented(): Set<string> {
    const text = readFileSync(fileURLToPath(new URL('../../../docs/operations.md', import.meta.url)), 'utf8');
    const names = new Set<string>();
    let inTable = false;
    for (const line of text.split('\n')) {
      if (/^\| variable \| default \| meaning \|/.test(line)) {
        inTable = true;
        continue;
      }
      if (!line.startsWith('|')) {
        inTable = false;
        continue;
      }
      if (!inTable) continue;
      const first = line.split('|')[1] ?? '';
      for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (m[1]) names.add(m[1]);
    }
    return names;
  }

  it('lists every variable env.ts reads, and none it does not', () => {
    const inDocs = documented();
    expect(
      ENV_KEYS.filter((key) => !inDocs.has(key)),
      'read by env.ts, missing from the tables',
    ).toEqual([]);
    expect(
      [...inDocs].filter((key) => !ENV_KEYS.includes(key)),
      'in the tables, not read by env.ts',
    ).toEqual([]);
  });
});
