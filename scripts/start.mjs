// `npm start`: build the web app if needed, then run the server with the same
// environment, passing Ctrl-C / SIGTERM on and exiting with the server's code.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './web-build.mjs';

try {
  await ensureWebBuild();
} catch (error) {
  console.error(`Could not build the web app: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log('Starting the server…');
const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  env: process.env,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  // In a terminal Ctrl-C reaches both processes; forwarding covers `kill <pid>`
  // of this one. The server treats a repeated signal like the first.
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
