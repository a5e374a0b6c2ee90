import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './storage.ts';

describe('localStorage', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'storage-'));
  afterAll(() => rm(root, { recursive: true, force: true }));
  const storage = localStorage(root);

  it('stores, reads back and deletes', async () => {
    await storage.put('uploads/2026/abc', Buffer.from('hello'));
    const stream = await storage.get('uploads/2026/abc');
    expect(stream && (await text(stream))).toBe('hello');
    await storage.delete('uploads/2026/abc');
    expect(await storage.get('uploads/2026/abc')).toBeNull();
  });

  it('makes a folder once, and again when it was removed meanwhile', async () => {
    await storage.put('results/one', Buffer.from('1'));
    await rm(path.join(root, 'results'), { recursive: true, force: true });
    await storage.put('results/two', Buffer.from('2'));
    const stream = await storage.get('results/two');
    expect(stream && (await text(stream))).toBe('2');
  });

  it.each(['../outside', '/abs', 'a/../../b', 'UPPER'])('refuses unsafe key %s', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe/);
  });
});
