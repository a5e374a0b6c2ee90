// `npm run admin:create -- --email ana@example.com --role admin|agent [--name Ana]`
// Creates a back-office operator. The password comes from ADMIN_PASSWORD, else
// it is asked for on the terminal without echo (never printed or logged).
// Runs the built CLI (apps/server/dist/admin-create.js) in production, the
// TypeScript source through tsx where it is installed (development).
import { runServerCli } from './server-cli.mjs';

runServerCli('admin-create', 'modules/admin/admin-create.cli.ts');
