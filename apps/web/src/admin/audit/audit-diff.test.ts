import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-diff.ts';

describe('the audit log diff', () => {
  it('names each change by path, with the value before and after', () => {
    const before = {
      version: 1,
      name: 'Nota',
      price: 990,
      options: [
        { option_id: 1, title: 'A' },
        { option_id: 2, title: 'B' },
      ],
    };
    const after = {
      version: 2,
      name: 'Nota',
      price: 1250,
      options: [
        { option_id: 2, title: 'B' },
        { option_id: 3, title: 'C' },
      ],
    };
    expect(changesOf(before, after)).toEqual(
      expect.arrayContaining([
        { path: 'version', kind: 'cambiado', before: 1, after: 2 },
        { path: 'price', kind: 'cambiado', before: 990, after: 1250 },
        { path: 'options › 0', kind: 'quitado', before: { option_id: 1, title: 'A' } },
        expect.objectContaining({ kind: 'añadido', after: { option_id: 3, title: 'C' } }),
      ]),
    );
    expect(changesOf(before, after).some((c) => c.path.includes('title'))).toBe(false);
    expect(changesOf(before, before)).toEqual([]);
  });
});
