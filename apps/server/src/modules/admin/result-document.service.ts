import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { files, orderItems, orders } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { lateRefundAtDelivery } from '../calendars/late-refund.ts';
import { safeFileName } from '../files/file-type.ts';
import type { FilesService } from '../files/files.service.ts';
import { queueOrderReadyPush } from '../push/order-ready-push.ts';
import { type Actor, recordAudit } from './audit.ts';
import { queueOrderMail } from './order-mail.ts';

/**
 * Attaches the result document (a PDF) to an order item: the bytes are stored,
 * then one transaction inserts the `files` row (kind 'result', owned by the
 * order, so only the order's customer can download it from the storefront),
 * queues the mail with the PDF attached to the customer and writes the audit
 * row. If the transaction fails the stored bytes are removed.
 */
export async function attachResultDocument(
  db: AppDb,
  storage: Pick<FilesService, 'putBytes' | 'discard'>,
  actor: Actor,
  input: { orderId: string; itemId: number; filename: string; bytes: Buffer; type: string },
): Promise<{ fileId: number; mailId: number }> {
  if (input.type !== 'application/pdf') throw new AppError('unsupported', 'fileType');
  const [item] = await db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, input.itemId), eq(orderItems.orderId, input.orderId)));
  if (!item) throw notFound();
  const name = safeFileName(input.filename || `${input.orderId}-${input.itemId}.pdf`, 'application/pdf');
  const storageKey = await storage.putBytes('results', input.bytes);
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order) throw notFound();
      const [file] = await tx
        .insert(files)
        .values({
          storageKey,
          originalName: name,
          contentType: 'application/pdf',
          sizeBytes: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          orderId: order.id,
          orderItemId: item.item.id,
          kind: 'result',
        })
        .returning();
      if (!file) throw new Error('result document row not inserted');
      // Delivered after its promise: the service fee is refunded by a job, and this mail says so (ADR 034).
      const late = await lateRefundAtDelivery(tx, order);
      const mailId = await queueOrderMail(
        tx,
        order,
        'resultMail',
        { product: item.item.productName, late: late ? `\n\n${late}` : '' },
        [{ filename: name, fileId: file.id }],
      );
      // "Avísame cuando esté listo": the customer's subscribed browsers are told by a job.
      await queueOrderReadyPush(tx, order.id);
      await recordAudit(tx, actor, {
        action: 'order.result_attached',
        entity: 'order',
        entityId: order.id,
        after: { file_id: file.id, item_id: item.item.id, name, size: input.bytes.length },
        details: { mail_id: mailId },
      });
      return { fileId: file.id, mailId };
    });
  } catch (err) {
    await storage.discard(storageKey);
    throw err;
  }
}
