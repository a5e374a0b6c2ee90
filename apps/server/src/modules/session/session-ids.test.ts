import { describe, expect, it } from 'vitest';
import {
  formKeyFor,
  isFreshAnonymousId,
  newSessionId,
  SESSION_TTL_MS,
  sessionIdIssuedAt,
} from './session-ids.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 24 * 3600 * 1000;

describe('session ids', () => {
  it('are 43 base64url characters carrying their issue time, never twice the same', () => {
    const a = newSessionId(NOW);
    const b = newSessionId(NOW);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(sessionIdIssuedAt(a)).toBe(NOW.getTime());
  });

  it.each(['', 'not-a-session', 'x'.repeat(42), `${'a'.repeat(42)}!`])(
    'reads no issue time from %j',
    (id) => {
      expect(sessionIdIssuedAt(id)).toBeNull();
    },
  );

  it.each([
    ['issued now', 0, true],
    ['29 days ago', -29 * DAY, true],
    ['just under the lifetime', -SESSION_TTL_MS + 1000, true],
    ['at the lifetime', -SESSION_TTL_MS, false],
    ['31 days ago', -31 * DAY, false],
    ['a minute in the future (clock skew)', 59_000, true],
    ['an hour in the future', 3600_000, false],
  ])('an unstored id issued %s is fresh: %s', (_name, offset, fresh) => {
    expect(isFreshAnonymousId(newSessionId(at(offset)), NOW)).toBe(fresh);
  });

  it('gives each id its own form key, which is not the id', () => {
    const id = newSessionId(NOW);
    expect(formKeyFor(id)).toBe(formKeyFor(id));
    expect(formKeyFor(id)).not.toBe(formKeyFor(newSessionId(NOW)));
    expect(formKeyFor(id)).not.toContain(id);
    expect(formKeyFor(id)).toMatch(/^[\w-]{43}$/);
  });
});
