import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const MAX_LINES = 250;

async function logicFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await logicFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** Issue 17 item 8: the payments module is split, one way per thing, small files. */
describe('the payments module', () => {
  it('has no payments.service.ts and no logic file over 250 lines', async () => {
    expect(existsSync(path.join(HERE, 'payments.service.ts'))).toBe(false);
    const long: string[] = [];
    for (const file of await logicFiles(HERE)) {
      const lines = (await readFile(file, 'utf8')).split('\n').length - 1;
      if (lines > MAX_LINES) long.push(`${path.relative(HERE, file)}: ${lines}`);
    }
    expect(long).toEqual([]);
  });

  it('reads no process.env and keeps no module-level gateway setters', async () => {
    for (const file of await logicFiles(HERE)) {
      const source = await readFile(file, 'utf8');
      expect(source, file).not.toMatch(/process\.env/);
      expect(source, file).not.toMatch(
        /export function (registerGateway|setGatewaySelection|setSandbox\w*)\(/,
      );
    }
  });
});
