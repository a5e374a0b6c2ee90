import type { AppDb } from '../../db/client.ts';
import { enqueue } from '../jobs/queue.ts';

/** The job that sends an issuer's queued records (sender.ts). */
export const VERIFACTU_SEND_JOB = 'verifactu.send';

/**
 * Queues a send of the issuer's records, keyed by the issuer: its queue's
 * policy ('short', verifactu.plugin.ts) keeps one waiting send per issuer and
 * drops a second (null), since a send takes every queued record of the
 * issuer. A record is written with its issuer's chain row locked to the
 * commit and a send takes the issuer's lease on that row before reading what
 * to send, so the waiting send a record's job was dropped for reads it.
 */
export function queueSend(tx: AppDb, nif: string, startAfter?: Date | number): Promise<string | null> {
  return enqueue(
    tx,
    VERIFACTU_SEND_JOB,
    { issuer_nif: nif },
    {
      singletonKey: nif,
      ...(startAfter !== undefined ? { startAfter } : {}),
    },
  );
}
