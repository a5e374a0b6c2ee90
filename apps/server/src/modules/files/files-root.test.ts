import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { filesRoot } from './files.service.ts';

describe('filesRoot', () => {
  it.each([
    [{ DATA_DIR: 'var/shop' }, path.resolve('var/shop/files')],
    [{ DATA_DIR: 'var/shop', FILES_DIR: '/srv/files' }, '/srv/files'],
    [{ FILES_DIR: 'uploads' }, path.resolve('uploads')],
  ])('%j -> %s', (vars, expected) => {
    expect(filesRoot(loadEnv(vars))).toBe(expected);
  });
});
