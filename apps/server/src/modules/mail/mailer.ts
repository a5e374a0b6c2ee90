import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AppDb } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { findFile } from '../files/files.repository.ts';
import type { FileStorage } from '../files/storage.ts';
import type { JobContext } from '../jobs/queue.ts';

export type MailRow = typeof mailMessages.$inferSelect;

export interface Mailer {
  /** 'smtp' with SMTP_URL; 'store': kept in mail_messages (status 'stored') for the viewer. */
  readonly mode: 'smtp' | 'store';
  /**
   * Delivers one queued mail (the `mail.send` job). Idempotent: a mail no
   * longer 'queued' is left alone. A failure is recorded on the row (attempts,
   * last_error; status 'failed' on the job's last attempt) and rethrown so
   * the queue retries it with backoff.
   */
  deliver(mailId: number, job: Pick<JobContext, 'lastAttempt'>): Promise<void>;
  close(): void;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The bytes and type of a mail's attachment, read from file storage. */
export async function loadAttachment(
  db: AppDb,
  storage: FileStorage,
  attachment: { fileId: number; filename: string },
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const file = await findFile(db, attachment.fileId);
  if (!file) throw new Error(`attachment file ${attachment.fileId} does not exist`);
  const stream = await storage.get(file.storageKey);
  if (!stream) throw new Error(`attachment file ${attachment.fileId} has no stored bytes`);
  return { filename: attachment.filename, content: await readAll(stream), contentType: file.contentType };
}

/** Sends by nodemailer to `smtpUrl`, or (unset) stores the mail for the local viewer. */
export function createMailer(opts: {
  db: AppDb;
  storage: FileStorage;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const { db, storage, from } = opts;
  const transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl, {
        // Fail an unreachable or stalled server within a minute; the queue retries later.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      } as never)
    : null;

  return {
    mode: transporter ? 'smtp' : 'store',
    async deliver(mailId, job) {
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
      if (row?.status !== 'queued') return;
      try {
        const attachments = await Promise.all(row.attachments.map((a) => loadAttachment(db, storage, a)));
        if (!transporter) {
          await db
            .update(mailMessages)
            .set({ status: 'stored', attempts: row.attempts + 1, sentAt: new Date() })
            .where(eq(mailMessages.id, mailId));
          return;
        }
        const info = await transporter.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          attachments,
        });
        await db
          .update(mailMessages)
          .set({ status: 'sent', attempts: row.attempts + 1, sentAt: new Date(), messageId: info.messageId })
          .where(eq(mailMessages.id, mailId));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await db
          .update(mailMessages)
          .set({
            attempts: row.attempts + 1,
            lastError: message.slice(0, 2000),
            status: job.lastAttempt ? 'failed' : 'queued',
          })
          .where(eq(mailMessages.id, mailId));
        throw err;
      }
    },
    close() {
      transporter?.close();
    },
  };
}
