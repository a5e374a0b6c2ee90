import { createHash } from 'node:crypto';
import { checkTransition, formatInvoiceNumber, isOrderStatus, type OrderStatus } from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, files, orders, payments, stores } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { invoiceFileName, renderInvoicePdf } from '../documents/invoice-pdf.ts';
import type { FilesService } from '../files/files.service.ts';
import { creditNoteDocument, creditNoteSeriesOf } from '../invoices/credit-notes.ts';
import { invoiceOfOrder, invoiceYear, takeInvoiceNumber } from '../invoices/invoices.service.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { type Actor, recordAudit } from './audit.ts';
import { queueOrderMail } from './order-mail.ts';
import { transitionContext } from './orders-admin.service.ts';

export interface IssuedCreditNote {
  id: number;
  number: string;
  totalCents: number;
  fileId: number;
  refundRef: string;
  status: OrderStatus;
}

export interface CreditNoteDeps {
  storage: Pick<FilesService, 'putBytes' | 'discard'>;
  /** The gateway a payment was taken by (its `gateway` column); undefined when none is registered. */
  gatewayNamed: (name: string) => PaymentGateway | undefined;
  log?: { error: (obj: object, msg: string) => void };
}

/**
 * Issues the credit note of an order and refunds it through the gateway that
 * took its payment, in one transaction with the order row locked:
 *
 * 1. the state machine must allow the order to close (paid, not closed yet),
 *    the order must have an invoice and a captured payment, and no credit note;
 * 2. the note takes the next number of the store's credit-note series (the
 *    series row stays locked until commit: no gaps, no duplicates), its PDF is
 *    rendered and stored, its rows, the audit row and the customer's mail are written;
 * 3. last, the gateway refunds the payment. A refused refund rolls everything
 *    back (the number is given back, the PDF's bytes removed), so a credit note
 *    exists exactly when the money went back. The refund is the last step so
 *    nothing that can fail runs after the money has moved but the commit.
 *
 * The order ends 'closed' ('Abonado' for the customer). A second call is a
 * conflict (one credit note per order, a unique index behind the lock).
 */
export async function issueCreditNote(
  db: AppDb,
  deps: CreditNoteDeps,
  actor: Actor,
  input: { orderId: string; reason: string },
  now: Date = new Date(),
): Promise<IssuedCreditNote> {
  let storageKey: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order) throw notFound();
      const from = order.status;
      if (!isOrderStatus(from)) throw new AppError('conflict', 'transitionRefused');
      const [existing] = await tx
        .select({ id: creditNotes.id })
        .from(creditNotes)
        .where(eq(creditNotes.orderId, order.id));
      if (existing) throw new AppError('conflict', 'conflict');
      const context = await transitionContext(tx, order.id);
      // The note being issued is what lets the order close.
      const check = checkTransition(from, 'closed', { ...context, creditNoteIssued: true });
      if (!check.ok) throw new AppError('conflict', 'transitionRefused');
      const invoice = await invoiceOfOrder(tx, order.id);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
        .orderBy(desc(payments.attempt))
        .limit(1);
      if (!invoice || !payment) throw new AppError('conflict', 'transitionRefused');
      // Without the gateway's reference there is nothing the gateway can refund.
      if (!payment.providerRef) throw new AppError('payment_failed', 'refundFailed');
      const gateway = deps.gatewayNamed(payment.gateway);
      if (!gateway) {
        deps.log?.error({ orderId: order.id, gateway: payment.gateway }, 'refund: gateway not registered');
        throw new AppError('payment_failed', 'refundFailed');
      }

      const [store] = await tx.select().from(stores).where(eq(stores.id, order.storeId));
      if (!store) throw new Error(`store ${order.storeId} missing`);
      const series = creditNoteSeriesOf(store);
      const year = invoiceYear(now, invoice.language);
      const number = await takeInvoiceNumber(tx, series, year);
      const document = creditNoteDocument(invoice, { series, year, number, issuedAt: now });
      const pdf = await renderInvoicePdf(document);
      storageKey = await deps.storage.putBytes('documents', pdf);
      const filename = invoiceFileName(document);
      const [file] = await tx
        .insert(files)
        .values({
          storageKey,
          originalName: filename,
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          orderId: order.id,
          kind: 'credit_note',
        })
        .returning({ id: files.id });
      if (!file) throw new Error('credit note file not inserted');
      const [note] = await tx
        .insert(creditNotes)
        .values({
          invoiceId: invoice.id,
          orderId: order.id,
          series,
          year,
          number,
          totalCents: payment.amountCents,
          reason: input.reason,
          fileId: file.id,
          paymentId: payment.id,
          issuedAt: now,
        })
        .returning({ id: creditNotes.id });
      if (!note) throw new Error('credit note not inserted');
      await tx.update(orders).set({ status: 'closed', updatedAt: now }).where(eq(orders.id, order.id));
      const code = formatInvoiceNumber(document);
      const mailId = await queueOrderMail(tx, order, 'creditNoteMail', { number: code }, [
        { fileId: file.id, filename },
      ]);

      let refundRef: string;
      try {
        const refund = await gateway.refund({
          providerRef: payment.providerRef,
          amountCents: payment.amountCents,
          paymentId: payment.id,
        });
        refundRef = refund.providerRef;
      } catch (err) {
        deps.log?.error({ err, orderId: order.id, paymentId: payment.id }, 'refund refused by the gateway');
        throw new AppError('payment_failed', 'refundFailed');
      }
      await tx.update(creditNotes).set({ refundRef }).where(eq(creditNotes.id, note.id));
      await tx
        .update(payments)
        .set({ status: 'refunded', data: { ...payment.data, refund_ref: refundRef }, updatedAt: now })
        .where(eq(payments.id, payment.id));
      await recordAudit(tx, actor, {
        action: 'order.credit_note',
        entity: 'order',
        entityId: order.id,
        before: { status: from, panel_status_id: order.panelStatusId },
        after: { status: 'closed', panel_status_id: order.panelStatusId },
        details: {
          credit_note: code,
          amount_cents: payment.amountCents,
          reason: input.reason,
          refund_ref: refundRef,
          mail_id: mailId,
        },
      });
      return {
        id: note.id,
        number: code,
        totalCents: payment.amountCents,
        fileId: file.id,
        refundRef,
        status: 'closed' as const,
      };
    });
  } catch (err) {
    if (storageKey) await deps.storage.discard(storageKey);
    throw err;
  }
}
