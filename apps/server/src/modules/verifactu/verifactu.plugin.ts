import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { verifactuRecords } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { type AeatClientConfig, trustedCas } from './aeat-client.ts';
import { setVerifactuEndpoint } from './cotejo.ts';
import { queueSend, VERIFACTU_SEND_JOB } from './send-job.ts';
import { sendQueuedRecords, UNSENT } from './sender.ts';

/** The client of the AEAT's service from the environment; null without a certificate. */
export function aeatClientFromEnv(env: Env): AeatClientConfig | null {
  if (!env.VERIFACTU_CERT) return null;
  const extra = env.NODE_EXTRA_CA_CERTS ? readFileSync(env.NODE_EXTRA_CA_CERTS, 'utf8') : undefined;
  const ca = trustedCas(extra);
  return {
    endpoint: env.VERIFACTU_ENDPOINT,
    pfx: readFileSync(env.VERIFACTU_CERT),
    ...(env.VERIFACTU_CERT_PASSWORD !== undefined ? { passphrase: env.VERIFACTU_CERT_PASSWORD } : {}),
    ...(ca ? { ca } : {}),
    timeoutMs: 60_000,
  };
}

/**
 * VERI*FACTU (ADR 023): registers the sender of the issuers' records on the job
 * queue and, when the app is ready, queues a send for every issuer with records
 * still unsent (after a restart, after the certificate was configured). The
 * certificate file is read once, here: a missing file stops the start.
 */
export const verifactuPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    setVerifactuEndpoint(env.VERIFACTU_ENDPOINT);
    const client = aeatClientFromEnv(env);
    if (!client) app.log.warn('VERIFACTU_CERT is not set: VERI*FACTU records are kept but not sent');
    await app.jobs.work<{ issuer_nif: string }>(
      VERIFACTU_SEND_JOB,
      async (data, job) => {
        try {
          await sendQueuedRecords(app.db, { client }, data.issuer_nif);
        } catch (err) {
          // The last retry starts a new job later: an outage never drops the issuer's records.
          if (job.lastAttempt) {
            await app.db.transaction((tx) =>
              queueSend(tx, data.issuer_nif, env.VERIFACTU_RETRY_SECONDS * 10),
            );
          }
          throw err;
        }
      },
      {
        retryLimit: env.VERIFACTU_RETRY_LIMIT,
        retryDelay: env.VERIFACTU_RETRY_SECONDS,
        retryBackoff: false,
        // Jobs of one issuer meet at its lease; one at a time per process is plenty.
        concurrency: 1,
        batchSize: 5,
        // One waiting send per issuer (send-job.ts): a send takes all the issuer's queued records.
        policy: 'short',
      },
    );
    app.addHook('onReady', async () => {
      const issuers = await app.db
        .selectDistinct({ nif: verifactuRecords.issuerNif })
        .from(verifactuRecords)
        .where(inArray(verifactuRecords.status, UNSENT));
      if (issuers.length === 0) return;
      await app.db.transaction(async (tx) => {
        for (const { nif } of issuers) await queueSend(tx, nif);
      });
    });
  },
  { name: 'verifactu', dependencies: ['database', 'jobs'] },
);
