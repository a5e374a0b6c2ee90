import { describe, expect, it } from 'vitest';
import type { creditNotes, invoices } from '../../db/schema/index.ts';
import { creditNoteAlta, invoiceAlta, recipientOf } from './alta-data.ts';
import { escapeXml, regFactuXml, registroAltaXml, registroAnulacionXml, soapEnvelope } from './record-xml.ts';
import { xsdErrors } from './testing/xsd-validate.ts';

type InvoiceRow = typeof invoices.$inferSelect;
type CreditNoteRow = typeof creditNotes.$inferSelect;

const issuer = { nif: 'B00000000', name: 'Registro Online Example S.L.' };
const chain = {
  previous: null,
  generatedAt: '2026-11-27T13:05:09+01:00',
  huella: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
};
const chained = {
  ...chain,
  previous: { issuerNif: issuer.nif, numSerie: 'ES-2026-000001', fecha: '27-11-2026', huella: chain.huella },
};

function invoiceRow(customer: InvoiceRow['customer']): InvoiceRow {
  return {
    id: 1,
    orderId: 'ABC123',
    type: customer.taxId ? 'F1' : 'F2',
    series: 'ES',
    year: 2026,
    number: 2,
    // 29.90 € service (24.71 + 5.19 VAT) + 20.76 € registry fee (suplido) = 50.66 €
    baseCents: 2471,
    vatCents: 519,
    totalCents: 5066,
    vatRateBp: 2100,
    issuer: { name: issuer.name, taxId: issuer.nif, address: 'Calle Example 1' },
    customer,
    lines: [
      {
        description: 'Nota Simple <urgente> & "firmada"',
        totalCents: 5066,
        officialFeeCents: 2076,
        baseCents: 2471,
        vatCents: 519,
      },
    ],
    language: 'es',
    fileId: null,
    mailId: null,
    issuedAt: new Date('2026-11-27T12:05:09Z'),
  };
}

const company = { name: 'Łukasz Dvořák Consulting S.L.', taxId: 'B12345674', email: 'a@example.com' };

describe('record XML against the AEAT schemas', () => {
  it('writes an F1 with its recipient, the suplido left out of the Desglose, and it validates', async () => {
    const data = invoiceAlta(invoiceRow(company), issuer);
    expect(data.tipoFactura).toBe('F1');
    expect([data.breakdown, data.importeCents]).toEqual([
      [{ rateBp: 2100, baseCents: 2471, cuotaCents: 519 }],
      2990,
    ]);
    const xml = registroAltaXml(data, chain);
    expect(xml).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
    expect(xml).toContain('<sum1:NIF>B12345674</sum1:NIF>');
    expect(xml).toContain('Nota Simple &lt;urgente&gt; &amp; &quot;firmada&quot;');
    expect(xml).toContain('<sum1:ImporteTotal>29.90</sum1:ImporteTotal>');
    const body = regFactuXml(issuer, [xml]);
    expect(await xsdErrors(body, 'SuministroLR.xsd')).toEqual([]);
    expect(await xsdErrors(soapEnvelope(body), 'envelope.xsd')).toEqual([]);
  });

  it('writes an F2 without recipient, a Portuguese recipient as IDOtro, an R1, an R5, a subsanación and an anulación, all valid', async () => {
    const simplified = invoiceAlta(invoiceRow({ name: 'a@example.com', email: 'a@example.com' }), issuer);
    expect(simplified.tipoFactura).toBe('F2');
    const portuguese = invoiceAlta(invoiceRow({ name: 'João Conceição Lda', taxId: '501964843' }), issuer);
    expect(portuguese.recipient).toEqual(recipientOf({ name: 'João Conceição Lda', taxId: 'PT501964843' }));
    const note: CreditNoteRow = {
      id: 1,
      invoiceId: 1,
      orderId: 'ABC123',
      series: 'R-ES',
      year: 2026,
      number: 1,
      totalCents: 5066,
      reason: 'Pedido cancelado',
      fileId: null,
      paymentId: null,
      refundRef: null,
      issuedAt: new Date('2026-11-28T10:00:00Z'),
    };
    const r1 = creditNoteAlta(note, invoiceRow(company), issuer);
    expect([r1.tipoFactura, r1.cuotaCents, r1.importeCents, r1.rectified]).toEqual([
      'R1',
      -519,
      -2990,
      [{ numSerie: 'ES-2026-000002', fecha: '27-11-2026' }],
    ]);
    const r5 = creditNoteAlta({ ...note, totalCents: 2533 }, invoiceRow({ name: 'x' }), issuer);
    expect([r5.tipoFactura, r5.cuotaCents, r5.importeCents]).toEqual(['R5', -260, -1496]);
    const records = [
      registroAltaXml(simplified, chained),
      registroAltaXml(portuguese, chained),
      registroAltaXml(r1, chained),
      registroAltaXml(r5, chained),
      registroAltaXml({ ...simplified, correctsRejected: true }, chained),
      registroAnulacionXml({ issuer, invoice: simplified.invoice }, chained),
    ];
    expect(records[2]).toContain('<sum1:TipoRectificativa>I</sum1:TipoRectificativa>');
    expect(records[4]).toContain(
      '<sum1:Subsanacion>S</sum1:Subsanacion><sum1:RechazoPrevio>X</sum1:RechazoPrevio>',
    );
    expect(await xsdErrors(regFactuXml(issuer, records), 'SuministroLR.xsd')).toEqual([]);
  });

  it('is refused by the schemas when a required element is missing (the validator works)', async () => {
    const xml = registroAltaXml(invoiceAlta(invoiceRow(company), issuer), chain).replace(
      /<sum1:TipoFactura>F1<\/sum1:TipoFactura>/,
      '',
    );
    expect((await xsdErrors(regFactuXml(issuer, [xml]), 'SuministroLR.xsd')).join('\n')).toMatch(
      /TipoFactura/,
    );
  });

  it('escapes text and drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0001<b>&\'"')).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });
});
