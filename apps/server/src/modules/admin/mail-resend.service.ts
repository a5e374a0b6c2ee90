import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { mailMessages, orders } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { type Actor, recordAudit } from './audit.ts';

type MailRow = typeof mailMessages.$inferSelect;

/** A mail as the back office lists it: its delivery state in full (attempts, the last error). */
export const mailSummary = (m: MailRow) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt ? m.sentAt.toISOString() : null,
});

/**
 * Sends a mail again (a confirmation, an incident, a result, any mail the
 * shop recorded): a new `mail_messages` row, the same recipient, content and
 * attachments, queued for delivery like the first; audited with both ids.
 */
export async function resendMail(db: AppDb, actor: Actor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!mail) throw notFound();
    const newId = await queueMail(tx, {
      storeId: mail.storeId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    });
    await recordAudit(tx, actor, {
      action: 'mail.resend',
      entity: 'mail',
      entityId: id,
      details: { resent_as: newId, to: mail.to, subject: mail.subject },
    });
    return newId;
  });
}

/** The mails of an order: to its customer and naming its id (every order mail does), newest first. */
export async function orderMails(db: AppDb, orderId: string) {
  const [order] = await db.select({ email: orders.email }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const pattern = `%${orderId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(mailMessages)
    .where(
      and(
        sql`lower(${mailMessages.to}) = lower(${order.email})`,
        or(ilike(mailMessages.subject, pattern), ilike(mailMessages.text, pattern)),
      ),
    )
    .orderBy(desc(mailMessages.id))
    .limit(100);
  return rows.map(mailSummary);
}
