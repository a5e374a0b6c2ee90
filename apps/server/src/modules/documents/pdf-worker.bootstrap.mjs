// The PDF worker when the server runs from its TypeScript source (vitest, tsx):
// a worker thread inherits neither vitest's transform nor tsx's hooks, so this
// registers tsx in the thread before importing the task. The build runs
// dist/pdf-worker.js instead (scripts/build.mjs), with no tsx.
import { register } from 'tsx/esm/api';

register();
const task = await import('./pdf-worker.ts');

export default task.default;
