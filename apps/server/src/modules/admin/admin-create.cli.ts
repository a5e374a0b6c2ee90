import { migrate, openDatabase } from '../../db/client.ts';
import { withMigrationLock } from '../../db/migrate-lock.ts';
import { loadEnv } from '../../env.ts';
import { adminCreate, parseAdminCreateArgs } from './admin-create.ts';

/**
 * `npm run admin:create -- --email ana@example.com --role admin|agent [--name Ana]`
 * (built: `node apps/server/dist/admin-create.js ...`). The password comes from
 * ADMIN_PASSWORD, else it is asked for on the terminal without echo; there is
 * no default, and it is never printed or logged. With PGlite, stop the server first.
 */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('set ADMIN_PASSWORD or run on a terminal to type the password');
  const ask = (prompt: string) =>
    new Promise<string>((resolve, reject) => {
      process.stdout.write(prompt);
      const stdin = process.stdin;
      stdin.setRawMode(true);
      stdin.resume();
      stdin.setEncoding('utf8');
      let typed = '';
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off('data', onData);
            process.stdout.write('\n');
            resolve(typed);
            return;
          }
          if (char === '\u0003') {
            stdin.setRawMode(false);
            reject(new Error('cancelled'));
            return;
          }
          if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
          else typed += char;
        }
      };
      stdin.on('data', onData);
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat it: ');
  if (first !== second) throw new Error('the two passwords differ');
  return first;
}

try {
  const args = parseAdminCreateArgs(process.argv.slice(2));
  const password = await readPassword();
  const env = loadEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    await withMigrationLock(database, () => migrate(database));
    const operator = await adminCreate(database.db, args, password);
    console.log(`Created operator ${operator.email} (${operator.role}), id ${operator.id}`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(`admin:create: ${(err as Error).message}`);
  process.exitCode = 1;
}
