import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveBrowser } from './support/browser.ts';

describe('the e2e browser', () => {
  it('takes CHROMIUM_PATH first, and says so when it does not exist', async () => {
    await expect(resolveBrowser({ CHROMIUM_PATH: process.execPath })).resolves.toEqual({
      executablePath: process.execPath,
      source: 'CHROMIUM_PATH',
    });
    await expect(resolveBrowser({ CHROMIUM_PATH: '/nowhere/chromium' })).rejects.toThrow(
      'CHROMIUM_PATH is set to /nowhere/chromium',
    );
  });

  it('without CHROMIUM_PATH: the system Chromium when present, else the one inside the npm package', async () => {
    const resolved = await resolveBrowser({});
    const expected = existsSync('/usr/bin/chromium') || existsSync('/usr/bin/chromium-browser');
    expect(resolved.source).toBe(expected ? 'system' : '@sparticuz/chromium');
    expect(existsSync(resolved.executablePath)).toBe(true);
  });
});
