import { createHash } from 'node:crypto';
import { checkTransition, formatInvoiceNumber, isOrderStatus, type OrderStatus } from '@shop/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, files, type orders, payments, stores } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { invoiceFileName, renderInvoicePdf } from '../documents/invoice-pdf.ts';
import type { FilesService } from '../files/files.service.ts';
import { creditNoteDocument, creditNoteSeriesOf } from '../invoices/credit-notes.ts';
import { invoiceOfOrder, invoiceYear, takeInvoiceNumber } from '../invoices/invoices.service.ts';
import { changeOrderStatus, lockOrder, transitionContext } from '../orders/order-status.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { recordCreditNote } from '../verifactu/records.service.ts';
import type { Actor } from './audit.ts';
import { queueOrderMail } from './order-mail.ts';

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

/** How long a refund asked of the gateway blocks another try (a crash between asking and recording). */
export const REFUND_INTENT_TTL_MS = 2 * 60_000;

type PaymentRow = typeof payments.$inferSelect;

/**
 * Issues the credit note of an order and refunds it through the gateway that
 * took its payment, in three steps so that no provider call runs while a
 * transaction is open or the order row is locked (ADR 025):
 *
 * 1. intent (short transaction, order locked): the state machine must allow the
 *    order to close (paid, not closed yet), the order must have an invoice and a
 *    captured payment, and no credit note; the payment records that its refund
 *    was asked (`refund_requested_at`: another admin meanwhile gets 409);
 * 2. the gateway refunds the payment, no transaction open. A refused refund
 *    clears the intent and issues nothing (no number is taken);
 * 3. record (short transaction, order locked): the note takes the next number of
 *    the store's credit-note series (no gaps, no duplicates), its PDF is rendered
 *    and stored, its rows, the order's move to 'closed' (the status function, with
 *    its audit row) and the customer's mail are written, the payment is refunded.
 *
 * A credit note therefore exists only when the money went back. A crash between
 * 2 and 3 leaves the intent: after REFUND_INTENT_TTL_MS the admin may issue again
 * (the gateway's refund is keyed by the payment, docs/payments.md).
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
  const { payment, gateway } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound();
    const found = await refundablePayment(tx, order);
    const asked = found.data.refund_requested_at;
    if (typeof asked === 'string' && now.getTime() - Date.parse(asked) < REFUND_INTENT_TTL_MS) {
      throw new AppError('conflict', 'conflict');
    }
    // Without the gateway's reference there is nothing the gateway can refund.
    if (!found.providerRef) throw new AppError('payment_failed', 'refundFailed');
    const named = deps.gatewayNamed(found.gateway);
    if (!named) {
      deps.log?.error({ orderId: order.id, gateway: found.gateway }, 'refund: gateway not registered');
      throw new AppError('payment_failed', 'refundFailed');
    }
    await setPaymentData(tx, found.id, { refund_requested_at: now.toISOString() });
    return { payment: found, gateway: named };
  });

  let refundRef: string;
  try {
    const refund = await gateway.refund({
      providerRef: payment.providerRef ?? '',
      amountCents: payment.amountCents,
      paymentId: payment.id,
    });
    refundRef = refund.providerRef;
  } catch (err) {
    deps.log?.error({ err, orderId: input.orderId, paymentId: payment.id }, 'refund refused by the gateway');
    await db.transaction((tx) => setPaymentData(tx, payment.id, { refund_requested_at: null }));
    throw new AppError('payment_failed', 'refundFailed');
  }

  let storageKey: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) throw notFound();
      const from = order.status;
      const invoice = await invoiceOfOrder(tx, order.id);
      if (!invoice) throw new AppError('conflict', 'transitionRefused');
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
          refundRef,
          issuedAt: now,
        })
        .returning();
      if (!note) throw new Error('credit note not inserted');
      // Its VERI*FACTU record: a rectificativa by differences citing the invoice (modules/verifactu).
      await recordCreditNote(tx, note, invoice, now);
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: now })
        .where(eq(payments.id, payment.id));
      await setPaymentData(tx, payment.id, { refund_ref: refundRef, refund_requested_at: null });
      const code = formatInvoiceNumber(document);
      const mailId = await queueOrderMail(tx, order, 'creditNoteMail', { number: code }, [
        { fileId: file.id, filename },
      ]);
      const closed = await changeOrderStatus(tx, order, {
        to: 'closed',
        actor,
        action: 'order.credit_note',
        context: { creditNoteIssued: true },
        details: {
          credit_note: code,
          amount_cents: payment.amountCents,
          reason: input.reason,
          refund_ref: refundRef,
          mail_id: mailId,
        },
      });
      if (!closed.ok)
        throw new Error(`order ${order.id} refunded but not closed from ${from}: ${closed.reason}`);
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
    // The money went back: keep its reference with the payment for the operator, whatever failed.
    deps.log?.error(
      { err, orderId: input.orderId, refundRef },
      'refunded, but the credit note was not recorded',
    );
    await db
      .transaction((tx) => setPaymentData(tx, payment.id, { refund_ref: refundRef }))
      .catch(() => undefined);
    if (storageKey) await deps.storage.discard(storageKey);
    throw err;
  }
}

/** The order's captured payment a credit note refunds, when the order may close (409 otherwise). */
async function refundablePayment(tx: AppDb, order: typeof orders.$inferSelect): Promise<PaymentRow> {
  const from = order.status;
  if (!isOrderStatus(from)) throw new AppError('conflict', 'transitionRefused');
  const [existing] = await tx
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, order.id));
  if (existing) throw new AppError('conflict', 'conflict');
  // The note being issued is what lets the order close.
  const context = await transitionContext(tx, order.id);
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
  return payment;
}

/** Merges keys into a payment's data (`null` removes nothing: it records that the key was cleared). */
async function setPaymentData(tx: AppDb, paymentId: number, patch: Record<string, unknown>): Promise<void> {
  await tx
    .update(payments)
    .set({ data: sql`${payments.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}
