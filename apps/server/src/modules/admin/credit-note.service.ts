import { createHash } from 'node:crypto';
import { checkTransition, formatInvoiceNumber, isOrderStatus, type OrderStatus } from '@shop/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { creditNotes, files, type orders, payments, stores } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { invoiceFileName } from '../documents/invoice-pdf.ts';
import type { PdfRenderer } from '../documents/pdf-pool.ts';
import type { FilesService } from '../files/files.service.ts';
import { creditNoteDocument, creditNoteSeriesOf, rectifyingTypeOf } from '../invoices/credit-notes.ts';
import { invoiceOfOrder, invoiceYear, takeInvoiceNumber } from '../invoices/invoices.service.ts';
import { changeOrderStatus, lockOrder, transitionContext } from '../orders/order-status.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { recordCreditNote } from '../verifactu/records.service.ts';
import { type Actor, recordAudit } from './audit.ts';
import { queueOrderMail } from './order-mail.ts';

export interface IssuedCreditNote {
  id: number;
  number: string;
  totalCents: number;
  fileId: number;
  refundRef: string;
  type: 'R1' | 'R5';
  /** What is left to refund of the payment after this note (0: the order closed). */
  leftCents: number;
  status: OrderStatus;
}

export interface CreditNoteDeps {
  storage: Pick<FilesService, 'putBytes' | 'discard'>;
  /** The gateway a payment was taken by (its `gateway` column); undefined when none is registered. */
  gatewayNamed: (name: string) => PaymentGateway | undefined;
  /** The app's PDF renderer (`app.pdf.render`: worker threads, ADR 039). */
  renderPdf: PdfRenderer['render'];
  log?: { error: (obj: object, msg: string) => void };
}

/** How long a refund asked of the gateway blocks another try (a crash between asking and recording). */
export const REFUND_INTENT_TTL_MS = 2 * 60_000;

type PaymentRow = typeof payments.$inferSelect;

/**
 * Issues a credit note (a factura rectificativa, RD 1619/2012 art. 15) of an
 * order and refunds it through the gateway that
 * took its payment, in three steps so that no provider call runs while a
 * transaction is open or the order row is locked (ADR 025):
 *
 * 1. intent (short transaction, order locked): the state machine must allow the
 *    order to close (paid, not closed yet), the order must have an invoice and a
 *    captured payment with something left to refund; the amount (the whole rest
 *    when none is given) must not exceed it (400 `refund_above_left`); the
 *    payment records that its refund was asked (`refund_requested_at`: another
 *    admin meanwhile gets 409);
 * 2. the gateway refunds the payment, no transaction open. A refused refund
 *    clears the intent and issues nothing (no number is taken);
 * 3. record (short transaction, order locked): the note takes the next number of
 *    the store's credit-note series (no gaps, no duplicates), its PDF is rendered
 *    and stored, its rows and the customer's mail are written; when nothing is left
 *    to refund the payment is refunded and the order moves to 'closed' (the status
 *    function, with its audit row); a partial refund keeps the order's status and
 *    is audited as 'order.credit_note' (ADR 029).
 *
 * A credit note therefore exists only when the money went back. A crash between
 * 2 and 3 leaves the intent: after REFUND_INTENT_TTL_MS the admin may issue again
 * (the gateway's refund is keyed by the payment, docs/payments.md).
 * A fully refunded order ends 'closed' ('Abonado' for the customer); another
 * call then is a conflict.
 */
export async function issueCreditNote(
  db: AppDb,
  deps: CreditNoteDeps,
  actor: Actor,
  input: { orderId: string; reason: string; amountCents?: number },
  now: Date = new Date(),
): Promise<IssuedCreditNote> {
  const { payment, gateway, amountCents, refundedBefore } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound();
    const found = await refundablePayment(tx, order);
    const before = await refundedCents(tx, found.id);
    const left = found.amountCents - before;
    if (left <= 0) throw new AppError('conflict', 'conflict');
    const amount = input.amountCents ?? left;
    if (amount > left) throw invalidField('amount_cents', 'refund_above_left');
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
    return { payment: found, gateway: named, amountCents: amount, refundedBefore: before };
  });

  let refundRef: string;
  try {
    const refund = await gateway.refund({
      providerRef: payment.providerRef ?? '',
      amountCents,
      paymentId: payment.id,
      refundedBeforeCents: refundedBefore,
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
      const document = creditNoteDocument(invoice, {
        series,
        year,
        number,
        issuedAt: now,
        amountCents,
        reason: input.reason,
      });
      const pdf = await deps.renderPdf(document);
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
          totalCents: amountCents,
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
      const leftCents = payment.amountCents - refundedBefore - amountCents;
      if (leftCents === 0) {
        await tx
          .update(payments)
          .set({ status: 'refunded', updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
      await setPaymentData(tx, payment.id, { refund_ref: refundRef, refund_requested_at: null });
      const code = formatInvoiceNumber(document);
      const mailId = await queueOrderMail(
        tx,
        order,
        'creditNoteMail',
        { number: code, invoice: formatInvoiceNumber(invoice), reason: input.reason, amountCents },
        [{ fileId: file.id, filename }],
      );
      const details = {
        credit_note: code,
        amount_cents: amountCents,
        left_cents: leftCents,
        reason: input.reason,
        refund_ref: refundRef,
        mail_id: mailId,
      };
      const type = rectifyingTypeOf(invoice);
      const answer = { id: note.id, number: code, totalCents: amountCents, fileId: file.id, refundRef, type };
      if (leftCents > 0) {
        // A partial refund: the status stays (no before/after: the status function audits changes only).
        await recordAudit(tx, actor, {
          action: 'order.credit_note',
          entity: 'order',
          entityId: order.id,
          details: { ...details, status: from },
        });
        return { ...answer, leftCents, status: from as OrderStatus };
      }
      const closed = await changeOrderStatus(tx, order, {
        to: 'closed',
        actor,
        action: 'order.credit_note',
        context: { creditNoteIssued: true },
        details,
      });
      if (!closed.ok)
        throw new Error(`order ${order.id} refunded but not closed from ${from}: ${closed.reason}`);
      return { ...answer, leftCents, status: 'closed' as const };
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
  // The note being issued is what lets the order close (a partial one leaves it where it is).
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

/** What the payment's credit notes already refunded, in cents. */
async function refundedCents(tx: AppDb, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${creditNotes.totalCents})` })
    .from(creditNotes)
    .where(eq(creditNotes.paymentId, paymentId));
  return Number(row?.cents ?? 0);
}

/** Merges keys into a payment's data (`null` removes nothing: it records that the key was cleared). */
async function setPaymentData(tx: AppDb, paymentId: number, patch: Record<string, unknown>): Promise<void> {
  await tx
    .update(payments)
    .set({ data: sql`${payments.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}
