import { describe, expect, it } from 'vitest';
import { defaultOfficialChannel, officialChannelOf } from './official-channel.ts';

describe('officialChannelOf', () => {
  it.each([
    [14, 'registradores.org'],
    [18, 'registradores.org'],
    [16, 'Predial Online'],
    [26, 'Predial Online'],
  ])('store %i defaults to %s', (storeId, name) => {
    expect(officialChannelOf(storeId, undefined).name).toBe(name);
    expect(defaultOfficialChannel(storeId).url).toMatch(/^https:\/\//);
  });

  it('takes a valid store setting', () => {
    const own = { name: 'Sede', url: 'https://sede.example.es/', fee_cents: 902, fee_note: 'nota simple' };
    expect(officialChannelOf(14, own)).toEqual(own);
  });

  it.each([
    ['an http address', { name: 'x', url: 'http://x.example/', fee_cents: 1 }],
    ['a script address', { name: 'x', url: 'javascript:alert(1)', fee_cents: 1 }],
    ['no fee', { name: 'x', url: 'https://x.example/' }],
    ['a negative fee', { name: 'x', url: 'https://x.example/', fee_cents: -1 }],
    ['an empty name', { name: '', url: 'https://x.example/', fee_cents: 1 }],
    ['not an object', 'registradores.org'],
  ])('ignores %s', (_name, setting) => {
    expect(officialChannelOf(16, setting)).toEqual(defaultOfficialChannel(16));
  });
});
