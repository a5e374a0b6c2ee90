import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, queryRows } from '../db/client.ts';
import { enqueue, JOB_REQUEST_ID } from '../modules/jobs/queue.ts';
import { newSession, send, testEnv } from '../testing/app.ts';
import { createCustomer } from '../testing/customers.ts';
import { createTestDatabase, testDatabaseKinds } from '../testing/db.ts';
import { waitFor } from '../testing/wait.ts';
import { trustedPeer } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const API = '/desktopapp/rest';

describe('trustedPeer', () => {
  it('trusts the addresses and networks TRUST_PROXY names, and no one when it is off', () => {
    const list = trustedPeer('10.0.0.0/8,127.0.0.1,::1');
    expect(list('10.1.2.3')).toBe(true);
    expect(list('::ffff:10.1.2.3')).toBe(true);
    expect(list('127.0.0.1')).toBe(true);
    expect(list('::1')).toBe(true);
    expect(list('192.168.1.1')).toBe(false);
    expect(list(undefined)).toBe(false);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(true)('203.0.113.9')).toBe(true);
  });
});

describe.each(testDatabaseKinds())('request ids (%s)', (kind) => {
  let database: Database;
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const ran: { requestId?: string; data: object }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    direct = await buildApp({ database, env: testEnv({ LOG_LEVEL: 'info' }), logStream });
    // A job a request creates, and a handler that logs while it runs.
    await direct.jobs.work<{ n: number }>('test.request-id', async (data, job) => {
      ran.push({ data, ...(job.requestId ? { requestId: job.requestId } : {}) });
      direct.log.info({ n: data.n }, 'test job ran');
    });
    direct.post('/test-enqueue', async () => {
      await direct.db.transaction((tx) => enqueue(tx, 'test.request-id', { n: 7 }));
      direct.jobs.nudge('test.request-id');
      return { ok: true };
    });
    await direct.ready();
    proxied = await buildApp({ database, env: testEnv({ TRUST_PROXY: '127.0.0.1' }) });
    await proxied.ready();
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await database?.close();
  });

  it('generates a UUID per request, echoes it, and every log line of the request carries it', async () => {
    lines.length = 0;
    const a = await direct.inject({ url: `${API}/config`, headers: { 'x-request-id': 'from-the-client' } });
    const b = await direct.inject({ url: `${API}/config` });
    const id = String(a.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(String(b.headers['x-request-id'])).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(id);
    const own = lines.filter((l) => l.reqId === id);
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.some((l) => l.reqId === 'from-the-client')).toBe(false);
  });

  it('takes a sane X-Request-Id from a trusted proxy, and refuses one that is not', async () => {
    const sane = await proxied.inject({ url: `${API}/config`, headers: { 'x-request-id': 'lb-4f2a9c.17' } });
    expect(sane.headers['x-request-id']).toBe('lb-4f2a9c.17');
    for (const bad of ['x'.repeat(129), 'two words', 'forged"}\n{"level":60', '']) {
      const answer = await proxied.inject({ url: `${API}/config`, headers: { 'x-request-id': bad } });
      expect(String(answer.headers['x-request-id'])).toMatch(UUID);
    }
  });

  it('puts the id in every error answer: 404, 400, 403, before routing', async () => {
    const answers = [
      await direct.inject({ url: `${API}/no-such-call` }),
      await direct.inject({ url: '/%ff' }),
      await direct.inject({ method: 'POST', url: `${API}/checkEmail/email/x`, payload: {} }),
      await proxied.inject({ url: `${API}/nope`, headers: { 'x-request-id': 'lb-err-1' } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.json().request_id).toBe(answer.headers['x-request-id']);
    }
    expect(answers[3]?.json().request_id).toBe('lb-err-1');
  });

  it('answers probes and metrics with the header too', async () => {
    const probe = await direct.inject({ url: '/healthz' });
    expect(String(probe.headers['x-request-id'])).toMatch(UUID);
  });

  it('carries the id into the jobs a request creates, and into the worker’s log lines', async () => {
    lines.length = 0;
    const answer = await direct.inject({ method: 'POST', url: '/test-enqueue' });
    const id = String(answer.headers['x-request-id']);
    await waitFor(() => ran.some((r) => r.requestId === id));
    const job = ran.find((r) => r.requestId === id);
    // The handler sees its own data, not the carrier field.
    expect(job?.data).toEqual({ n: 7 });
    await waitFor(() => lines.some((l) => l.msg === 'test job ran'));
    const logged = lines.find((l) => l.msg === 'test job ran');
    expect(logged).toMatchObject({ reqId: id, jobId: expect.any(String), n: 7 });
  });

  it('a real request (password reset) stores its id in the mail job it queues', async () => {
    const customer = await createCustomer({ app: direct, database, close: async () => {} });
    const session = await newSession(direct);
    const answer = await send(direct, session, {
      method: 'GET',
      url: `${API}/rememberPassword/email/${encodeURIComponent(customer.email)}/`,
    });
    expect(answer.statusCode).toBe(200);
    const id = String(answer.headers['x-request-id']);
    const rows = await queryRows<{ data: Record<string, unknown> }>(
      database.db,
      sql`select data from pgboss.job where name = 'mail.send' order by created_on desc limit 5`,
    );
    expect(rows.some((r) => r.data[JOB_REQUEST_ID] === id)).toBe(true);
  });
});
