import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { EXAMPLE_ISSUER } from './modules/invoices/invoices.service.ts';
import { productionProblems } from './production-checks.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

const SAFE = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-0123456789abcdef',
  INVOICE_ISSUER_NAME: 'Registros del Norte S.L.',
  INVOICE_ISSUER_TAX_ID: 'B12345674',
  INVOICE_ISSUER_ADDRESS: 'Calle Mayor 1, 48001 Bilbao, España',
  // A Spanish issuer sends its records to the AEAT (issue 18: modules/invoices/production-check.ts).
  VERIFACTU_CERT: '/etc/shop/verifactu.p12',
  VERIFACTU_CERT_PASSWORD: 'secreto',
};

const problems = (vars: Record<string, string | undefined>) =>
  productionProblems(loadEnv(vars), vars.PAYMENT_SANDBOX);
const named = (list: string[]) => list.map((p) => p.split(':')[0]);

describe('productionProblems', () => {
  it('finds none outside production, whatever is missing (npm start on a fresh clone)', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'yes' })).toEqual([]);
  });

  it('finds none in production with a secret, a real issuer and no sandbox, or the sandbox said with true', () => {
    expect(problems(SAFE)).toEqual([]);
    expect(problems({ ...SAFE, PAYMENT_SANDBOX: 'true' })).toEqual([]);
    expect(problems({ ...SAFE, PAYMENT_SANDBOX: 'false' })).toEqual([]);
  });

  it('lists every missing setting at once', () => {
    expect(named(problems({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }))).toEqual([
      'SESSION_SECRET',
      'INVOICE_ISSUER_NAME',
      'INVOICE_ISSUER_TAX_ID',
      'INVOICE_ISSUER_ADDRESS',
      // The example issuer is Spanish: its records go to the AEAT, which needs the certificate.
      'VERIFACTU_CERT, VERIFACTU_CERT_PASSWORD',
      'PAYMENT_SANDBOX',
    ]);
  });

  it('refuses the example issuer written out, and a sandbox turned on with yes or 1', () => {
    expect(named(problems({ ...SAFE, INVOICE_ISSUER_TAX_ID: EXAMPLE_ISSUER.taxId }))).toEqual([
      'INVOICE_ISSUER_TAX_ID',
    ]);
    expect(named(problems({ ...SAFE, INVOICE_ISSUER_NAME: EXAMPLE_ISSUER.name }))).toEqual([
      'INVOICE_ISSUER_NAME',
    ]);
    expect(named(problems({ ...SAFE, PAYMENT_SANDBOX: 'yes' }))).toEqual(['PAYMENT_SANDBOX']);
  });
});

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('server.ts with NODE_ENV=production', () => {
  it('exits 1 without SESSION_SECRET and with the example issuer, listing what to set, and opens nothing', async () => {
    const { code, output } = await runServer({
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent/never-created',
    });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start with NODE_ENV=production');
    for (const name of [
      'SESSION_SECRET',
      'INVOICE_ISSUER_NAME',
      'INVOICE_ISSUER_TAX_ID',
      'INVOICE_ISSUER_ADDRESS',
    ]) {
      expect(output).toContain(`  ${name}:`);
    }
    expect(output).not.toContain('Shop ready');
  }, 90_000);

  it('exits 1 naming only SESSION_SECRET when the issuer is set', async () => {
    const { SESSION_SECRET: _secret, ...rest } = SAFE;
    const { code, output } = await runServer({ ...rest, DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(1);
    expect(output).toContain('  SESSION_SECRET:');
    expect(output).not.toContain('INVOICE_ISSUER');
  }, 90_000);
});
