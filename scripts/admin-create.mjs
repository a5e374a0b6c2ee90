// `npm run admin:create -- --email ana@example.com --role admin|agent [--name Ana]`
// Creates a back-office operator. The password comes from ADMIN_PASSWORD, else
// it is asked for on the terminal without echo (never printed or logged).
// Runs the built CLI (apps/server/dist/admin-create.js) in production, the
// TypeScript source through tsx where it is installed (development).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(root, 'apps/server/dist/admin-create.js');
const source = path.join(root, 'apps/server/src/modules/admin/admin-create.cli.ts');

let hasTsx = false;
try {
  createRequire(import.meta.url).resolve('tsx');
  hasTsx = true;
} catch {}

const argv = process.argv.slice(2);
const command = hasTsx ? ['--import', 'tsx', source, ...argv] : [built, ...argv];
if (!hasTsx && !existsSync(built)) {
  console.error('admin:create: run `npm run build` first');
  process.exit(1);
}
const result = spawnSync(process.execPath, command, { stdio: 'inherit' });
process.exit(result.status ?? 1);
