import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { invoicingProductionProblems, isSpanishIssuer, storeInvoicingProblems } from './production-check.ts';

const REAL_ES = {
  INVOICE_ISSUER_NAME: 'Registro Online Madrid S.L.',
  INVOICE_ISSUER_TAX_ID: 'B12345674',
  INVOICE_ISSUER_ADDRESS: 'Calle Mayor 1, 28013 Madrid, España',
};
const VERIFACTU = { VERIFACTU_CERT: '/etc/shop/verifactu.p12', VERIFACTU_CERT_PASSWORD: 'secreto' };
const problems = (source: Record<string, string>) => invoicingProductionProblems(loadEnv(source));

describe('invoicingProductionProblems (issue 18 item 7)', () => {
  it('checks nothing outside production', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ NODE_ENV: 'test' })).toEqual([]);
  });

  it('an unset issuer is the example one, which is Spanish: the VERI*FACTU settings are asked for', () => {
    // The example issuer itself is refused by production-checks.ts (one message per variable).
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD: a Spanish issuer/),
    ]);
  });

  it('a Spanish issuer needs the VERI*FACTU certificate and its password', () => {
    expect(problems({ NODE_ENV: 'production', ...REAL_ES })).toEqual([
      expect.stringMatching(/^VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD: .*PKCS#12/),
    ]);
    expect(
      problems({ NODE_ENV: 'production', ...REAL_ES, VERIFACTU_CERT: '/etc/shop/verifactu.p12' }),
    ).toEqual([expect.stringMatching(/^VERIFACTU_CERT_PASSWORD: /)]);
    expect(problems({ NODE_ENV: 'production', ...REAL_ES, ...VERIFACTU })).toEqual([]);
  });

  it('a Portuguese issuer needs no VERI*FACTU settings', () => {
    const portuguese = {
      INVOICE_ISSUER_NAME: 'Registo Online Lda',
      INVOICE_ISSUER_TAX_ID: '501964843',
      INVOICE_ISSUER_ADDRESS: 'Rua Augusta 1, 1100-048 Lisboa, Portugal',
    };
    expect(problems({ NODE_ENV: 'production', ...portuguese })).toEqual([]);
  });

  it('recognises a Spanish issuer by its NIF / NIE / CIF or an address in Spain', () => {
    for (const id of ['B12345674', 'ESB12345674', '12345678Z', 'X1234567L', 'b-1234567-4'])
      expect(isSpanishIssuer(id, '')).toBe(true);
    expect(isSpanishIssuer('501964843', 'Lisboa, Portugal')).toBe(false);
    expect(isSpanishIssuer('GB123456789', 'Calle Mayor 1, 28013 Madrid, España')).toBe(true);
  });
});

describe("storeInvoicingProblems: the stores' issuers and countries", () => {
  const PT_ISSUER = {
    INVOICE_ISSUER_NAME: 'Registo Online Lda',
    INVOICE_ISSUER_TAX_ID: '501964843',
    INVOICE_ISSUER_ADDRESS: 'Rua Augusta 1, 1100-048 Lisboa, Portugal',
  };
  const env = (extra: Record<string, string> = {}) =>
    loadEnv({ NODE_ENV: 'production', ...PT_ISSUER, ...extra });
  const portugueseStores = [
    { id: 16, settings: {} },
    { id: 26, settings: {} },
  ];

  it('a store of Spain on the default issuer needs the VERI*FACTU settings, a Portuguese one does not', () => {
    expect(storeInvoicingProblems(env(), portugueseStores)).toEqual([]);
    expect(storeInvoicingProblems(env(), [...portugueseStores, { id: 14, settings: {} }])).toEqual([
      expect.stringMatching(/^VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD: store 14 invoices from Spain/),
    ]);
    expect(storeInvoicingProblems(env(VERIFACTU), [{ id: 14, settings: {} }])).toEqual([]);
    expect(storeInvoicingProblems(loadEnv({ ...PT_ISSUER }), [{ id: 14, settings: {} }])).toEqual([]);
  });

  it("a store's own issuer: Spanish needs VERI*FACTU, Portuguese does not, the example is refused", () => {
    const own = (issuer: object) => [{ id: 14, settings: { issuer } }];
    expect(
      storeInvoicingProblems(
        env(),
        own({ name: 'Registo Lda', tax_id: '501964843', address: 'Lisboa, Portugal' }),
      ),
    ).toEqual([]);
    expect(
      storeInvoicingProblems(env(), [
        { id: 16, settings: { issuer: { name: 'Reg S.L.', tax_id: 'B12345674' } } },
      ]),
    ).toEqual([expect.stringMatching(/^VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD: store 16/)]);
    expect(
      storeInvoicingProblems(
        env(VERIFACTU),
        own({ name: 'Registro Online Example S.L.', tax_id: 'B00000000' }),
      ),
    ).toEqual(["store 14: settings.issuer is the example issuer; set the store's real issuer."]);
  });
});

describe('server.ts in production with unsafe invoicing settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-invoicing-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs server.ts with `env` until it exits: its exit code and everything it printed. */
  async function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const server = fileURLToPath(new URL('../../server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', server], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        SESSION_SECRET: 'production-check-test-session-secret-0123456789',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, output };
  }

  it('does not start, says what to set and exits with 1', async () => {
    const { code, output } = await run(REAL_ES);
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start with NODE_ENV=production');
    expect(output).toContain('VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD');
    expect(output).not.toContain('Shop ready');
  }, 60_000);

  it('a Portuguese issuer with the stores of Spain is refused once the stores are read', async () => {
    const { code, output } = await run({
      INVOICE_ISSUER_NAME: 'Registo Online Lda',
      INVOICE_ISSUER_TAX_ID: '501964843',
      INVOICE_ISSUER_ADDRESS: 'Rua Augusta 1, 1100-048 Lisboa, Portugal',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD: store \d+ invoices from Spain/);
    expect(output).not.toContain('Shop ready');
  }, 120_000);
});
