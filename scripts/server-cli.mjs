// Runs one of the server's command-line tools: the built file
// (apps/server/dist/<name>.js) in production, the TypeScript source through
// tsx where it is installed (development). Exits with the tool's exit code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `name`: the build's entry (scripts/build.mjs SERVER_ENTRIES); `source`: its file under apps/server/src. */
export function runServerCli(name, source, argv = process.argv.slice(2)) {
  const built = path.join(root, `apps/server/dist/${name}.js`);
  let hasTsx = false;
  try {
    createRequire(import.meta.url).resolve('tsx');
    hasTsx = true;
  } catch {}
  if (!hasTsx && !existsSync(built)) {
    console.error(`${name}: run \`npm run build\` first`);
    process.exit(1);
  }
  const command = hasTsx
    ? ['--import', 'tsx', path.join(root, 'apps/server/src', source), ...argv]
    : [built, ...argv];
  const result = spawnSync(process.execPath, command, { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
