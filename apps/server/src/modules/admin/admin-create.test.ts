import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, operators } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../testing/db.ts';
import { verifyPassword } from '../customers/password.ts';
import { adminCreate, parseAdminCreateArgs } from './admin-create.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('npm run admin:create', () => {
  it('reads --email, --role and --name', () => {
    expect(parseAdminCreateArgs(['--email', 'a@b.es', '--role', 'agent'])).toEqual({
      email: 'a@b.es',
      role: 'agent',
    });
    expect(parseAdminCreateArgs(['--email=a@b.es', '--role=admin', '--name', 'Ana'])).toEqual({
      email: 'a@b.es',
      role: 'admin',
      name: 'Ana',
    });
    expect(() => parseAdminCreateArgs(['--email', 'a@b.es', '--role', 'operator'])).toThrow(/admin or agent/);
    expect(() => parseAdminCreateArgs(['--role', 'admin'])).toThrow(/--email/);
    expect(() => parseAdminCreateArgs(['--email', 'a@b.es', '--role', 'admin', '--password', 'x'])).toThrow(
      /unknown argument/,
    );
  });

  describe('on the database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase('pglite');
    });
    afterAll(async () => {
      await database?.close();
    });

    it('creates an argon2id operator, audited as cli; refuses a short password and a taken e-mail', async () => {
      const created = await adminCreate(
        database.db,
        { email: 'Boss@Example.com', role: 'admin' },
        'a strong enough one',
      );
      expect(created).toMatchObject({ email: 'boss@example.com', role: 'admin', name: 'Boss' });
      const [row] = await database.db.select().from(operators).where(eq(operators.id, created.id));
      expect(await verifyPassword(row?.passwordHash ?? '', 'a strong enough one')).toBe(true);
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(created.id)));
      expect(audit).toMatchObject({ actor: 'cli', action: 'operator.create', operatorId: null });
      await expect(
        adminCreate(database.db, { email: 'x@example.com', role: 'agent' }, 'short'),
      ).rejects.toThrow(/password: password_too_short/);
      await expect(
        adminCreate(database.db, { email: 'boss@example.com', role: 'agent' }, 'a strong enough one'),
      ).rejects.toThrow(/already exists/);
    });
  });

  it('runs as a command: password from ADMIN_PASSWORD, never printed; none given and no terminal: refused', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-admin-create-'));
    const run = (env: Record<string, string>) =>
      spawnSync(
        process.execPath,
        ['scripts/admin-create.mjs', '--email', 'ops@example.com', '--role', 'agent'],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 120_000,
        },
      );
    try {
      const refused = run({});
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/ADMIN_PASSWORD/);

      const secret = 'pLeNtY-of-characters-42';
      const ok = run({ ADMIN_PASSWORD: secret });
      expect(ok.stderr).toBe('');
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/Created operator ops@example.com \(agent\)/);
      expect(ok.stdout + ok.stderr).not.toContain(secret);

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [row] = await database.db
          .select()
          .from(operators)
          .where(eq(operators.email, 'ops@example.com'));
        expect(row?.role).toBe('agent');
        expect(row?.passwordHash).not.toContain(secret);
        expect(await verifyPassword(row?.passwordHash ?? '', secret)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
