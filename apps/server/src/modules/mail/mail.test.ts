import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatInvoiceNumber } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { files, mailMessages } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { sampleInvoiceDocument } from '../../testing/invoice-document.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.ts';
import { renderInvoicePdf } from '../documents/invoice-pdf.ts';
import { localStorage } from '../files/storage.ts';
import { MAIL_SEND_JOB, queueMail } from './mail.service.ts';

const invoice = sampleInvoiceDocument();

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stores `data` as a `files` row under `root`, as the invoice job does. */
async function storeFile(t: TestApp, root: string, name: string, data: Buffer): Promise<number> {
  const key = `invoices/test-${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
  await localStorage(root).put(key, data);
  const [row] = await t.database.db
    .insert(files)
    .values({
      storageKey: key,
      originalName: name,
      contentType: 'application/pdf',
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      kind: 'invoice',
    })
    .returning({ id: files.id });
  if (!row) throw new Error('no file row');
  return row.id;
}

async function mailRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw new Error(`no mail ${id}`);
  return row;
}

async function jobOf(t: TestApp, mailId: number) {
  const [job] = await queryRows<{ state: string; start_after: string }>(
    t.database.db,
    sql`SELECT state, start_after FROM pgboss.job WHERE name = ${MAIL_SEND_JOB} AND (data->>'mailId')::int = ${mailId}`,
  );
  return job;
}

describe('mail by SMTP (a real local SMTP server)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    root = await mkdtemp(path.join(tmpdir(), 'shop-mail-'));
    t = await buildTestApp('pglite', {
      SMTP_URL: smtp.url,
      FILES_DIR: root,
      MAIL_FROM: 'Tienda <tienda@example.com>',
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('delivers a queued mail with its PDF attachment, and marks it sent', async () => {
    const pdf = await renderInvoicePdf(invoice);
    const fileId = await storeFile(t, root, 'factura.pdf', pdf);
    const mailId = await t.database.db.transaction((tx) =>
      queueMail(tx, {
        storeId: 14,
        to: 'ana@example.com',
        subject: 'Tu pedido ES14-000001',
        text: 'Gracias por tu pedido.',
        html: '<p>Gracias por tu <b>pedido</b>.</p>',
        attachments: [{ filename: 'factura-A-2026-000017.pdf', fileId }],
      }),
    );
    t.app.jobs.nudge(MAIL_SEND_JOB);
    await waitFor(() => smtp.received.some((m) => m.subject === 'Tu pedido ES14-000001'));
    const mail = smtp.received.find((m) => m.subject === 'Tu pedido ES14-000001');
    expect(mail?.from?.text).toContain('tienda@example.com');
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ana@example.com');
    expect(mail?.text?.trim()).toBe('Gracias por tu pedido.');
    expect(mail?.html).toContain('<b>pedido</b>');
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toBe('factura-A-2026-000017.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(attachment?.content ?? Buffer.alloc(0))).toContain(formatInvoiceNumber(invoice));
    await waitFor(async () => (await mailRow(t, mailId)).status === 'sent');
    const row = await mailRow(t, mailId);
    expect(row.attempts).toBe(1);
    expect(row.messageId).toMatch(/@/);
    expect(row.sentAt).toBeInstanceOf(Date);
  }, 30_000);

  it('records a refused delivery on the row, retries it, and marks it failed when the retries are used up', async () => {
    smtp.refuse = true;
    const mailId = await t.database.db.transaction((tx) =>
      queueMail(tx, { storeId: 14, to: 'bob@example.com', subject: 'Refused', text: 'x' }),
    );
    t.app.jobs.nudge(MAIL_SEND_JOB);
    await waitFor(async () => (await mailRow(t, mailId)).attempts >= 1);
    let row = await mailRow(t, mailId);
    expect(row.status).toBe('queued');
    expect(row.lastError).toMatch(/451/);
    // The queue holds it for a retry with backoff (not failed yet).
    await waitFor(async () => (await jobOf(t, mailId))?.state === 'retry');
    const job = await jobOf(t, mailId);
    expect(new Date(job?.start_after ?? 0).getTime()).toBeGreaterThan(Date.now() + 10_000);
    // The last attempt that fails leaves it 'failed', visible in mail_messages.
    await expect(t.app.mailer.deliver(mailId, { lastAttempt: true })).rejects.toThrow(/451/);
    row = await mailRow(t, mailId);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.received.some((m) => m.subject === 'Refused')).toBe(false);
    smtp.refuse = false;
  }, 30_000);

  it('has no mail viewer when SMTP_URL is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(404);
  });
});

describe('mail without SMTP_URL: stored, and the local viewer', () => {
  let t: TestApp;
  let root: string;
  let mailId: number;
  let pdf: Buffer;
  const viewer = () => {
    if (!t.app.mailViewerPath) throw new Error('no mail viewer');
    return t.app.mailViewerPath;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shop-mail-'));
    t = await buildTestApp('pglite', { FILES_DIR: root });
    pdf = await renderInvoicePdf(invoice);
    const fileId = await storeFile(t, root, 'factura.pdf', pdf);
    mailId = await t.database.db.transaction((tx) =>
      queueMail(tx, {
        storeId: 14,
        to: 'ana@example.com',
        subject: 'Tu pedido <ES14-000001>',
        text: 'Gracias por tu pedido.',
        html: '<p>Gracias <script>alert(1)</script></p>',
        attachments: [{ filename: 'factura.pdf', fileId }],
      }),
    );
    t.app.jobs.nudge(MAIL_SEND_JOB);
    await waitFor(async () => (await mailRow(t, mailId)).status === 'stored');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('stores the mail (status stored) instead of sending it', async () => {
    const row = await mailRow(t, mailId);
    expect(row.status).toBe('stored');
    expect(row.attempts).toBe(1);
  });

  it('lists stored mail, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: viewer() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Tu pedido &lt;ES14-000001&gt;');
    expect(res.body).toContain(`${viewer()}/${mailId}`);
  });

  it('shows one mail with its text, HTML (sandboxed) and attachment', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${viewer()}/${mailId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Gracias por tu pedido.');
    expect(res.body).toContain(`${viewer()}/${mailId}/attachments/0`);
    const html = await t.app.inject({ method: 'GET', url: `${viewer()}/${mailId}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<p>Gracias');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain('sandbox');
    const text = await t.app.inject({ method: 'GET', url: `${viewer()}/${mailId}/text` });
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.body).toBe('Gracias por tu pedido.');
    const file = await t.app.inject({ method: 'GET', url: `${viewer()}/${mailId}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="factura.pdf"');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers only under its random token: /dev/mail and a wrong token are 404', async () => {
    expect(viewer()).toMatch(/^\/dev\/mail\/[A-Za-z0-9_-]{32}$/);
    for (const url of [
      '/dev/mail',
      `/dev/mail/${mailId}`,
      `/dev/mail/${'A'.repeat(32)}`,
      `/dev/mail/${'A'.repeat(32)}/${mailId}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // Another start, another token.
    const other = await buildTestApp('pglite', { FILES_DIR: root });
    try {
      expect(other.app.mailViewerPath).toMatch(/^\/dev\/mail\//);
      expect(other.app.mailViewerPath).not.toBe(viewer());
    } finally {
      await other.close();
    }
  });

  it('answers 404 for a mail or attachment that does not exist, 400 for a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${viewer()}/999999` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${viewer()}/${mailId}/attachments/5` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${viewer()}/abc` })).statusCode).toBe(400);
  });
});

describe('mail viewer in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { NODE_ENV: 'production' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is not served', async () => {
    expect(t.app.mailViewerPath).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
  });
});
