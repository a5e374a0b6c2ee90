import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { verifactuChains, verifactuRecords } from '../../db/schema/index.ts';
import { type AeatClientConfig, AeatUnavailable, postSoap } from './aeat-client.ts';
import { type AeatAnswer, type AnswerLine, parseAnswer } from './answer.ts';
import { regFactuXml, soapEnvelope } from './record-xml.ts';
import type { RecordRow } from './records.service.ts';
import { queueSend } from './send-job.ts';

/** Records per submission (SuministroLR.xsd: RegistroFactura maxOccurs 1000). */
export const MAX_BATCH = 1000;
/** How long one sender may hold an issuer's lease (longer than a call's timeout). */
const LEASE_MS = 5 * 60_000;
/** Statuses of records still to send. */
export const UNSENT = ['queued', 'not_configured', 'retrying'];

export interface SenderDeps {
  /** Null: no certificate configured; records wait as 'not_configured'. */
  client: AeatClientConfig | null;
  now?: () => Date;
}

/**
 * The AEAT's flow control (Orden HAC/1177/2024 art. 16.2; "Descripción de los
 * servicios web" 6.4.4.1): after a submission, the next one waits the
 * TiempoEsperaEnvio seconds the AEAT answered, unless 1,000 records are
 * already waiting. A second of tolerance absorbs the clocks of the job queue.
 */
export function mustWait(pending: number, nextSendAt: Date | null, now: Date): boolean {
  return pending < MAX_BATCH && nextSendAt !== null && nextSendAt.getTime() - now.getTime() > 1000;
}

const unsentOf = (nif: string) =>
  and(eq(verifactuRecords.issuerNif, nif), inArray(verifactuRecords.status, UNSENT));

/** Takes the issuer's lease; false when another sender holds it. */
async function takeLease(db: AppDb, nif: string, now: Date): Promise<{ nextSendAt: Date | null } | null> {
  const [row] = await db
    .update(verifactuChains)
    .set({ sendingUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(verifactuChains.issuerNif, nif),
        or(isNull(verifactuChains.sendingUntil), lt(verifactuChains.sendingUntil, now)),
      ),
    )
    .returning({ nextSendAt: verifactuChains.nextSendAt });
  return row ?? null;
}

/**
 * One delayed job per wait (not one per invoice): only the first sender that
 * sees the wait queues it. While another send of the issuer waits (the queue
 * keeps one), none is added and the wait is not noted: that send runs, sees
 * the wait and queues the wake itself.
 */
async function scheduleWake(db: AppDb, nif: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [chain] = await tx
      .select({ wakeAt: verifactuChains.wakeAt })
      .from(verifactuChains)
      .where(eq(verifactuChains.issuerNif, nif))
      .for('update');
    if (chain?.wakeAt && chain.wakeAt.getTime() === at.getTime()) return;
    if (await queueSend(tx, nif, at)) {
      await tx.update(verifactuChains).set({ wakeAt: at }).where(eq(verifactuChains.issuerNif, nif));
    }
  });
}

/**
 * The record's state at the AEAT. A duplicate of a record the AEAT registered
 * before (sent again after an answer was lost to a timeout) is that earlier
 * state, not a rejection: nothing is to be corrected.
 */
export function stateOf(line: AnswerLine): 'Correcto' | 'AceptadoConErrores' | 'Incorrecto' {
  if (line.state === 'Incorrecto' && line.duplicateState === 'Correcta') return 'Correcto';
  if (line.state === 'Incorrecto' && line.duplicateState === 'AceptadaConErrores')
    return 'AceptadoConErrores';
  return line.state;
}

const keyOf = (numSerie: string, fecha: string, operation: string) => `${numSerie}|${fecha}|${operation}`;

/** Writes the AEAT's answer on each record of the batch, and the wait before the next submission. */
async function recordAnswer(db: AppDb, nif: string, batch: RecordRow[], answer: AeatAnswer, now: Date) {
  await db.transaction(async (tx) => {
    if (answer.kind === 'fault') {
      // A Client fault refuses the whole submission (bad XML or header): every record is rejected with its text.
      for (const record of batch) {
        await tx
          .update(verifactuRecords)
          .set({
            status: 'sent',
            aeatState: 'Incorrecto',
            aeatErrorCode: answer.errorCode,
            aeatErrorText: answer.text.slice(0, 1500),
            attempts: record.attempts + 1,
            lastError: null,
            sentAt: now,
          })
          .where(eq(verifactuRecords.id, record.id));
      }
      await tx
        .update(verifactuChains)
        .set({ lastError: answer.text.slice(0, 500) })
        .where(eq(verifactuChains.issuerNif, nif));
      return;
    }
    const lines = new Map<string, AnswerLine[]>();
    for (const line of answer.lines) {
      const key = keyOf(line.numSerie, line.fecha, line.operation);
      lines.set(key, [...(lines.get(key) ?? []), line]);
    }
    for (const record of batch) {
      const key = keyOf(
        record.numSerie,
        record.fechaExpedicion,
        record.kind === 'alta' ? 'Alta' : 'Anulacion',
      );
      const line = lines.get(key)?.shift();
      await tx
        .update(verifactuRecords)
        .set({
          status: 'sent',
          // A record the answer does not mention was not registered: rejected, to be corrected.
          aeatState: line ? stateOf(line) : 'Incorrecto',
          aeatErrorCode: line ? line.errorCode : null,
          aeatErrorText: line ? line.errorText : 'Sin respuesta de la AEAT para este registro',
          csv: answer.csv,
          attempts: record.attempts + 1,
          lastError: null,
          sentAt: now,
        })
        .where(eq(verifactuRecords.id, record.id));
    }
    await tx
      .update(verifactuChains)
      .set({
        nextSendAt: new Date(now.getTime() + answer.waitSeconds * 1000),
        lastError: null,
        ...(answer.csv ? { lastCsv: answer.csv } : {}),
      })
      .where(eq(verifactuChains.issuerNif, nif));
  });
}

async function recordOutage(db: AppDb, nif: string, batch: RecordRow[], message: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(verifactuRecords)
      .set({
        status: 'retrying',
        lastError: message.slice(0, 500),
        attempts: sql`${verifactuRecords.attempts} + 1`,
      })
      .where(
        inArray(
          verifactuRecords.id,
          batch.map((r) => r.id),
        ),
      );
    await tx
      .update(verifactuChains)
      .set({ lastError: message.slice(0, 500) })
      .where(eq(verifactuChains.issuerNif, nif));
  });
}

/** Sends one submission: the issuer's oldest unsent records in chain order. */
async function sendBatch(
  db: AppDb,
  client: AeatClientConfig,
  batch: RecordRow[],
  now: () => Date,
): Promise<void> {
  const first = batch[0];
  if (!first) return;
  const envelope = soapEnvelope(
    regFactuXml(
      { nif: first.issuerNif, name: first.issuerName },
      batch.map((r) => r.xml),
    ),
  );
  let answer: AeatAnswer;
  try {
    const { status, body } = await postSoap(client, envelope);
    try {
      answer = parseAnswer(body);
    } catch {
      throw new AeatUnavailable(`AEAT answered ${status} without a SOAP answer`);
    }
    // faultcode Server: the AEAT asks to send again (an outage of its own).
    if (answer.kind === 'fault' && answer.faultCode === 'Server') throw new AeatUnavailable(answer.text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordOutage(db, first.issuerNif, batch, message);
    throw err;
  }
  await recordAnswer(db, first.issuerNif, batch, answer, now());
}

/**
 * Sends an issuer's queued records, in chain order, one submission at a time
 * per issuer (a lease on the chain row, taken and released in short
 * transactions: no transaction or lock stays open during the call), honouring
 * the flow control. An outage throws after marking the batch 'retrying': the
 * job queue retries with back-off and nothing is lost or reordered (records
 * leave the queue only with the AEAT's answer, always oldest first).
 */
export async function sendQueuedRecords(db: AppDb, deps: SenderDeps, nif: string): Promise<void> {
  const now = deps.now ?? (() => new Date());
  if (!deps.client) {
    await db
      .update(verifactuRecords)
      .set({ status: 'not_configured', lastError: 'VERIFACTU_CERT is not set' })
      .where(and(eq(verifactuRecords.issuerNif, nif), eq(verifactuRecords.status, 'queued')));
    return;
  }
  for (;;) {
    const lease = await takeLease(db, nif, now());
    if (!lease) return; // another sender is at work; it looks again after releasing its lease
    let nextSendAt = lease.nextSendAt;
    let waiting = false;
    try {
      for (;;) {
        const batch = await db
          .select()
          .from(verifactuRecords)
          .where(unsentOf(nif))
          .orderBy(asc(verifactuRecords.seq))
          .limit(MAX_BATCH);
        if (batch.length === 0) break;
        if (nextSendAt && mustWait(batch.length, nextSendAt, now())) {
          await scheduleWake(db, nif, nextSendAt);
          waiting = true;
          break;
        }
        await sendBatch(db, deps.client, batch, now);
        const [chain] = await db
          .select({ nextSendAt: verifactuChains.nextSendAt })
          .from(verifactuChains)
          .where(eq(verifactuChains.issuerNif, nif));
        nextSendAt = chain?.nextSendAt ?? null;
      }
    } finally {
      await db.update(verifactuChains).set({ sendingUntil: null }).where(eq(verifactuChains.issuerNif, nif));
    }
    if (waiting) return;
    // Records queued while the lease was held had their jobs return at once: look again.
    const [more] = await db
      .select({ id: verifactuRecords.id })
      .from(verifactuRecords)
      .where(unsentOf(nif))
      .limit(1);
    if (!more) return;
  }
}
