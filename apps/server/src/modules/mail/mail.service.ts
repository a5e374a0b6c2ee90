import type { AppDb } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';

/** The job that delivers one `mail_messages` row (worker: mail.worker.ts). */
export const MAIL_SEND_JOB = 'mail.send';

export interface MailAttachment {
  filename: string;
  /** A row of `files` (an invoice PDF, a result document): read from storage when sent. */
  fileId: number;
}

export interface QueueMailInput {
  storeId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
}

export interface MailSendJob {
  mailId: number;
}

/**
 * Records a mail (status 'queued') and queues its delivery, both inside the
 * caller's transaction `tx`: the mail exists and goes out only if the change
 * that caused it (a payment, a password reset request) commits.
 * Returns the `mail_messages` id.
 */
export async function queueMail(tx: AppDb, input: QueueMailInput): Promise<number> {
  const [row] = await tx
    .insert(mailMessages)
    .values({
      storeId: input.storeId,
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      attachments: input.attachments ?? [],
    })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('queueMail: insert returned no row');
  await enqueue(tx, MAIL_SEND_JOB, { mailId: row.id } satisfies MailSendJob);
  return row.id;
}
