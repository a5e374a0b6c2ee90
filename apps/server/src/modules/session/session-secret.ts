import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file that keeps the embedded default's generated secret. */
export const SECRET_FILE = 'session-secret';

/**
 * The key that signs session cookies and derives form keys. SESSION_SECRET when
 * set (production, and every instance of a multi-instance deployment must share
 * it); otherwise a random one generated once and kept in DATA_DIR (mode 0600),
 * so `npm start` needs no setting and a restart keeps visitors' sessions.
 */
export function loadSessionSecret({
  SESSION_SECRET,
  DATA_DIR,
}: {
  SESSION_SECRET?: string | undefined;
  DATA_DIR: string;
}): Buffer {
  if (SESSION_SECRET) return Buffer.from(SESSION_SECRET, 'utf8');
  const file = path.join(DATA_DIR, SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 43) return Buffer.from(stored, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(DATA_DIR, { recursive: true });
  // `wx`: when another process wrote one meanwhile, keep theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  }
  return Buffer.from(secret, 'utf8');
}
