import { INCIDENT_OPTION, PedidosOrOneAnswerSchema } from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages, orders } from '../../db/schema/index.ts';
import { adminSend, signedInOperator } from '../../testing/admin.ts';
import {
  buildTestAppWithFiles,
  send,
  storedSession,
  type TestApp,
  type TestSession,
} from '../../testing/app.ts';
import { testDatabaseKinds } from '../../testing/db.ts';
import { minimalPdf, multipart } from '../../testing/files.ts';
import { insertOrder } from '../../testing/orders.ts';

describe.each(testDatabaseKinds())('incident forms (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppWithFiles(kind);
  }, 240_000);
  afterAll(() => t?.close());

  /** A paid order in incident: the agent raised it with `message`. */
  async function orderInIncident(message = 'Indique la referencia catastral.') {
    const order = await insertOrder(t.database.db);
    const agent = await signedInOperator(t.app, 'agent');
    const moved = await adminSend(t.app, agent, {
      method: 'POST',
      url: `/admin/api/orders/${order.id}/transition`,
      payload: { to: 'incident', message },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const owner = await storedSession(t, { customerId: order.customerId, storeId: 14 });
    return { order, agent, owner };
  }

  const pedido = async (session: TestSession, orderId: string) => {
    const response = await send(t.app, session, {
      method: 'GET',
      url: `/desktopapp/rest/pedidos?id=${orderId}`,
    });
    return PedidosOrOneAnswerSchema.parse(response.json()).pedidos[0];
  };

  const uploadIncidentFile = async (session: TestSession, orderId: string) => {
    const { payload, contentType } = multipart([
      { name: 'option_id', value: String(INCIDENT_OPTION.files) },
      { name: 'files', filename: 'escritura.pdf', contentType: 'application/pdf', data: minimalPdf() },
    ]);
    return send(t.app, session, {
      method: 'POST',
      url: `/desktopapp/rest/pushFilesToPedido/?order_id=${orderId}`,
      headers: { 'content-type': contentType },
      payload,
    });
  };

  const answer = (
    session: TestSession,
    formId: number | string,
    orderId: string,
    values: unknown,
    form = {},
  ) =>
    send(t.app, session, {
      method: 'POST',
      url: `/desktopapp/rest/uploadForm?form_id=${formId}&order_id=${orderId}`,
      payload: {
        config: session.config,
        json_form: JSON.stringify(form),
        json_values: JSON.stringify(values),
      },
    });

  it('the customer sees the incident, answers it with a file; the order goes back to the agent', async () => {
    const { order, agent, owner } = await orderInIncident();
    const row = await pedido(owner, order.id);
    expect(row?.status_label).toBe('Incidencia');
    expect(row?.incident).toMatchObject({ order_id: order.id, message: 'Indique la referencia catastral.' });
    const formId = row?.incident?.form_id as number;
    // The mail asks for the form with its link (the store's homepage: no public base URL in tests).
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, order.email))
      .orderBy(desc(mailMessages.id))
      .limit(1);
    expect(mail?.subject).toContain(order.id);
    expect(mail?.text).toContain('Indique la referencia catastral.');
    expect(mail?.text).toMatch(
      new RegExp(`https?://[^\\s]+/app/product/form/${formId}/${order.id}\\?store_id=14(\\s|$)`),
    );

    const uploaded = await uploadIncidentFile(owner, order.id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().files[0].id as number;

    const response = await answer(
      owner,
      formId,
      order.id,
      [
        {
          option_id: INCIDENT_OPTION.answer,
          product_id: 0,
          type: 'area',
          value: 'Referencia 9872023VH5797S0001WX',
        },
        { option_id: INCIDENT_OPTION.files, product_id: 0, type: 'file', value: String(fileId) },
      ],
      { form_id: formId, options: [] },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true });

    const after = await pedido(owner, order.id);
    expect(after?.status_label).toBe('En tramitación');
    expect(after?.incident).toBeNull();
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'complete_in_progress', panelStatusId: 30 });

    // The back office shows the message, the answer and the file; the audit row names the customer.
    const detail = (await adminSend(t.app, agent, { url: `/admin/api/orders/${order.id}` })).json().order;
    expect(detail.incidents).toHaveLength(1);
    expect(detail.incidents[0]).toMatchObject({
      id: formId,
      message: 'Indique la referencia catastral.',
      file_ids: [fileId],
    });
    expect(detail.incidents[0].answers[0]).toMatchObject({ value: 'Referencia 9872023VH5797S0001WX' });
    expect(detail.files.map((f: { id: number }) => f.id)).toContain(fileId);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.incident_answered')));
    expect(audit).toMatchObject({ actor: `customer:${order.email}` });
    expect(audit?.data).toMatchObject({
      before: { status: 'complete_incident' },
      after: { status: 'complete_in_progress' },
    });

    // Answered once: again is a conflict, and no more incident files are taken.
    const again = await answer(owner, formId, order.id, [
      { option_id: INCIDENT_OPTION.answer, value: 'otra' },
    ]);
    expect(again.statusCode).toBe(409);
    expect((await uploadIncidentFile(owner, order.id)).statusCode).toBe(400);
  });

  it("customer B gets 404 on A's incident form and files; anonymous 401", async () => {
    const { order, owner } = await orderInIncident();
    const formId = (await pedido(owner, order.id))?.incident?.form_id as number;
    const other = await insertOrder(t.database.db);
    const stranger = await storedSession(t, { customerId: other.customerId, storeId: 14 });
    const values = [{ option_id: INCIDENT_OPTION.answer, value: 'hola' }];
    expect((await answer(stranger, formId, order.id, values)).statusCode).toBe(404);
    expect((await uploadIncidentFile(stranger, order.id)).statusCode).toBe(404);
    // Their own order with A's form id: not found either.
    expect((await answer(stranger, formId, other.id, values)).statusCode).toBe(404);
    const anonymous = await storedSession(t, { storeId: 14 });
    expect((await answer(anonymous, formId, order.id, values)).statusCode).toBe(401);
  });

  it('bad input answers 400 (never a 5xx) and changes nothing', async () => {
    const { order, owner } = await orderInIncident();
    const formId = (await pedido(owner, order.id))?.incident?.form_id as number;
    const bad: unknown[] = [
      [],
      [{ option_id: INCIDENT_OPTION.answer, value: '   ' }],
      [{ option_id: INCIDENT_OPTION.answer, value: 'x'.repeat(5001) }],
      [{ option_id: 1, value: 'x' }],
      [{ option_id: INCIDENT_OPTION.answer, value: 12 }],
      [
        { option_id: INCIDENT_OPTION.answer, value: 'ok' },
        { option_id: INCIDENT_OPTION.files, value: 'a,b' },
      ],
      // A file that is not an incident upload of this order.
      [
        { option_id: INCIDENT_OPTION.answer, value: 'ok' },
        { option_id: INCIDENT_OPTION.files, value: '999999' },
      ],
      { option_id: INCIDENT_OPTION.answer },
      'text',
      null,
    ];
    for (const values of bad) {
      const response = await answer(owner, formId, order.id, values);
      expect(response.statusCode, JSON.stringify(values)).toBe(400);
    }
    const raw = (body: unknown, query = `form_id=${formId}&order_id=${order.id}`) =>
      send(t.app, owner, {
        method: 'POST',
        url: `/desktopapp/rest/uploadForm?${query}`,
        payload: body as object,
      });
    expect((await raw({ config: owner.config, json_form: '{', json_values: '[]' })).statusCode).toBe(400);
    expect((await raw({ config: owner.config, json_form: '[]', json_values: '[]' })).statusCode).toBe(400);
    expect((await raw({ config: owner.config })).statusCode).toBe(400);
    const valid = { config: owner.config, json_form: '{}', json_values: '[]' };
    expect((await raw(valid, `form_id=x&order_id=${order.id}`)).statusCode).toBe(400);
    expect((await raw(valid, `form_id=${formId}&order_id=abc`)).statusCode).toBe(400);
    expect((await raw(valid, `order_id=${order.id}`)).statusCode).toBe(400);
    expect((await raw(valid, `form_id=99999999&order_id=${order.id}`)).statusCode).toBeLessThan(500);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('complete_incident');
  });
});
