import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, verifactuRecords } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { createTestOrder } from '../../testing/orders.ts';
import { waitFor } from '../../testing/wait.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { type AnswerLine, parseAnswer } from './answer.ts';
import { NS_SOAP } from './record-xml.ts';
import { stateOf } from './sender.ts';
import { answerXml } from './testing/aeat-fake.ts';
import { xsdErrors } from './testing/xsd-validate.ts';

const ISSUER_NIF = 'B12345674';

describe('the local fake AEAT', () => {
  it("answers like the AEAT's schema says (the fake's own answers validate)", async () => {
    const xml = answerXml({
      csv: 'A-1',
      nif: ISSUER_NIF,
      name: 'X',
      wait: 60,
      lines: [
        {
          nif: ISSUER_NIF,
          numSerie: 'ES-1',
          fecha: '01-01-2027',
          op: 'Alta',
          state: 'Incorrecto',
          code: '1105',
          text: 'x',
        },
        {
          nif: ISSUER_NIF,
          numSerie: 'ES-2',
          fecha: '01-01-2027',
          op: 'Alta',
          state: 'Incorrecto',
          code: '3000',
          text: 'Registro de facturación duplicado.',
          duplicateOf: 'Correcta',
        },
      ],
    });
    expect(await xsdErrors(xml, 'RespuestaSuministro.xsd')).toEqual([]);
    // A duplicate of a record the AEAT registered earlier is that record's state, not a rejection.
    const lines = (
      parseAnswer(`<e:Envelope xmlns:e="${NS_SOAP}"><e:Body>${xml}</e:Body></e:Envelope>`) as {
        lines: AnswerLine[];
      }
    ).lines;
    expect(lines.map((l) => [l.numSerie, l.state, l.duplicateState, stateOf(l)])).toEqual([
      ['ES-1', 'Incorrecto', null, 'Incorrecto'],
      ['ES-2', 'Incorrecto', 'Correcta', 'Correcto'],
    ]);
  });
});

describe('VERI*FACTU without a certificate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { INVOICE_ISSUER_TAX_ID: ISSUER_NIF });
  }, 180_000);
  afterAll(() => t?.close());

  it('keeps the records chained and waiting as not configured', async () => {
    const o = await createTestOrder(t.database.db);
    await t.database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, o.orderId));
      if (order) await issueInvoice(tx, order);
    });
    await waitFor(async () => {
      const [r] = await t.database.db.select().from(verifactuRecords);
      return r?.status === 'not_configured';
    });
    const [r] = await t.database.db.select().from(verifactuRecords);
    expect([r?.seq, r?.previousHuella, r?.lastError, r?.sentAt]).toEqual([
      1,
      null,
      'VERIFACTU_CERT is not set',
      null,
    ]);
  }, 60_000);
});
