import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PANEL_TARGETS } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ACTIONS_WITH_WORDS, actionWords } from './history-words.ts';

// Every action the server audits reads in words in the back office (never
// "Cambio registrado (code)"): the actions are read from the server's sources.
const SERVER = path.resolve(import.meta.dirname, '../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The literal `action: 'x.y'` of every audit the server records, plus the panel moves `order.${to}`. */
function auditedActions(): string[] {
  const found = new Set<string>(PANEL_TARGETS.map((to) => `order.${to}`));
  for (const file of sources(SERVER)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+\.[a-z_]+)'/g)) {
      if (match[1]) found.add(match[1]);
    }
  }
  return [...found].sort();
}

describe('audit actions in words', () => {
  it('finds the actions the server records (the scan works)', () => {
    expect(auditedActions()).toEqual(
      expect.arrayContaining([
        'order.late_refund_waived',
        'mail.resend',
        'store.settings',
        'calendar.registry_hours',
      ]),
    );
  });

  it('has words for every one of them', () => {
    const missing = auditedActions().filter((action) => !ACTIONS_WITH_WORDS.includes(action));
    expect(missing).toEqual([]);
    expect(actionWords('store.settings')).toBe('Cambió los ajustes de la tienda');
    expect(actionWords('nothing.known')).toBe('Cambio registrado (nothing.known)');
  });
});
