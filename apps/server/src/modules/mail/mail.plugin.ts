import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailMessages } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { notFound } from '../../http/app-error.ts';
import { escapeHtml } from '../../http/html.ts';
import type { FileStorage } from '../files/storage.ts';
import { MAIL_SEND_JOB, type MailSendJob } from './mail.service.ts';
import { createMailer, loadAttachment, type Mailer, type MailRow } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The mail viewer's path, `/dev/mail/<random token>` (the start-up banner prints it); null when it is off. */
    mailViewerPath: string | null;
  }
}

/** Where the local mail viewer lives, under a random token made at each start. */
export const MAIL_VIEWER_PATH = '/dev/mail';

/** The viewer serves only where mail is stored rather than sent, and never in production. */
export function mailViewerEnabled(env: Env): boolean {
  return !env.SMTP_URL && env.NODE_ENV !== 'production';
}

/** Retries of a mail that SMTP refused: 30 s, then doubling (about 30 min over 6 attempts). */
const MAIL_RETRY = { retryLimit: 6, retryDelay: 30, retryBackoff: true } as const;

/**
 * Mail delivery: the `mail.send` worker (nodemailer to SMTP_URL, or stored)
 * and, without SMTP_URL outside production, the local viewer at /dev/mail.
 */
export const mailPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const storage = app.storage;
    const mailer = createMailer({
      db: app.db,
      storage,
      from: env.MAIL_FROM,
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
    await app.jobs.work<MailSendJob>(
      MAIL_SEND_JOB,
      (data, job) => mailer.deliver(data.mailId, job),
      MAIL_RETRY,
    );
    // Every mail (password-reset links, invoices) is there: only at a URL nobody can guess.
    const viewer = mailViewerEnabled(env)
      ? `${MAIL_VIEWER_PATH}/${randomBytes(24).toString('base64url')}`
      : null;
    app.decorate('mailViewerPath', viewer);
    if (viewer) await app.register(mailViewerRoutes, { storage, viewer });
  },
  { name: 'mail', dependencies: ['database', 'jobs', 'storage'] },
);

const MailParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const AttachmentParams = MailParams.extend({ index: z.coerce.number().int().min(0).max(1000) });

const PAGE_STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
.queued{color:#a60}.failed{color:#b00}.sent,.stored{color:#070}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}
iframe{width:100%;height:60vh;border:1px solid #ccc}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

function statusCell(row: MailRow): string {
  const error = row.lastError ? `<br><small>${escapeHtml(row.lastError)}</small>` : '';
  return `<span class="${row.status}">${row.status}</span> (${row.attempts})${error}`;
}

/** The local mail viewer: every stored mail, one as HTML and text, its attachments. Development only. */
async function mailViewerRoutes(
  app: FastifyInstance,
  { storage, viewer }: { storage: FileStorage; viewer: string },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const findMail = async (id: number) => {
    const [row] = await app.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!row) throw notFound();
    return row;
  };

  api.get(viewer, async (_request, reply) => {
    const rows = await app.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(200);
    const body = rows
      .map(
        (row) =>
          `<tr><td><a href="${viewer}/${row.id}">${row.id}</a></td><td>${row.createdAt.toISOString()}</td><td>${row.storeId ?? ''}</td><td>${escapeHtml(row.to)}</td><td><a href="${viewer}/${row.id}">${escapeHtml(row.subject)}</a></td><td>${row.attachments.length || ''}</td><td>${statusCell(row)}</td></tr>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return page(
      'Mail viewer',
      `<h1>Mail viewer</h1><p>Mail the shop would have sent (no SMTP_URL set): the latest 200.</p><table><thead><tr><th>#</th><th>created</th><th>store</th><th>to</th><th>subject</th><th>attachments</th><th>status (attempts)</th></tr></thead><tbody>${body}</tbody></table>`,
    );
  });

  api.get(`${viewer}/:id`, { schema: { params: MailParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    const base = `${viewer}/${row.id}`;
    const attachments = row.attachments
      .map((a, i) => `<li><a href="${base}/attachments/${i}">${escapeHtml(a.filename)}</a></li>`)
      .join('');
    reply.type('text/html; charset=utf-8');
    return page(
      row.subject,
      `<p><a href="${viewer}">← all mail</a></p><h1>${escapeHtml(row.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(row.to)}</dd><dt>Store</dt><dd>${row.storeId ?? ''}</dd><dt>Created</dt><dd>${row.createdAt.toISOString()}</dd><dt>Status</dt><dd>${statusCell(row)}</dd></dl>
${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''}
${row.html ? `<h2>HTML <small><a href="${base}/html">open</a></small></h2><iframe sandbox src="${base}/html" title="HTML body"></iframe>` : ''}
<h2>Text <small><a href="${base}/text">open</a></small></h2><pre>${escapeHtml(row.text)}</pre>`,
    );
  });

  api.get(`${viewer}/:id/html`, { schema: { params: MailParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    if (!row.html) throw notFound();
    // The mail's own HTML: no script, nothing fetched but inline styles and images.
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; sandbox",
      );
    return row.html;
  });

  api.get(`${viewer}/:id/text`, { schema: { params: MailParams } }, async (request, reply) => {
    const row = await findMail(request.params.id);
    reply.type('text/plain; charset=utf-8');
    return row.text;
  });

  api.get(
    `${viewer}/:id/attachments/:index`,
    { schema: { params: AttachmentParams } },
    async (request, reply) => {
      const row = await findMail(request.params.id);
      const attachment = row.attachments[request.params.index];
      if (!attachment) throw notFound();
      const file = await loadAttachment(app.db, storage, attachment).catch(() => null);
      if (!file) throw notFound();
      const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        );
      return file.content;
    },
  );
}
