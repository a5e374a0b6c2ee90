// `npm start`: build what is missing or stale (web app, server), then run the
// built server (apps/server/dist/server.js) in this process, the file a
// production start runs (docs/operations.md). Nothing here needs a dev tool
// when the build is up to date.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_ENTRY } from './build.mjs';

try {
  await ensureBuilt();
} catch (error) {
  console.error(`Could not build the shop: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log('Starting the server…');
// Stack traces name the TypeScript sources (dist/*.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
