import {
  INCIDENT_OPTION,
  IncidentAnswerTextSchema,
  IncidentFileIdsSchema,
  IncidentFormJsonSchema,
  IncidentValuesSchema,
  PANEL_STATUS,
  toFieldErrors,
  uploadedFileIds,
} from '@shop/domain';
import { and, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { AppDb } from '../../db/client.ts';
import { files, incidentForms, orders } from '../../db/schema/index.ts';
import { AppError, invalidData, invalidField, notFound } from '../../http/app-error.ts';
import type { Actor } from '../admin/audit.ts';
import { changeOrderStatus } from '../orders/order-status.ts';
import { type Owner, ownedOrder } from '../payments/payments.repository.ts';

/** Labels the stored answers carry for the back office (operators read Spanish). */
const ANSWER_LABELS: Record<number, string> = {
  [INCIDENT_OPTION.answer]: 'Respuesta del cliente',
  [INCIDENT_OPTION.files]: 'Documentos',
};

/**
 * Opens the incident form of an order in the operator's transition (the order
 * row locked by the caller): the message is kept, and its id is the form_id of
 * product/form/{form_id}/{order_id}.
 */
export async function openIncident(
  tx: AppDb,
  actor: Actor,
  order: { id: string },
  message: string,
): Promise<number> {
  const [row] = await tx
    .insert(incidentForms)
    .values({ orderId: order.id, message, operatorId: actor.operatorId, createdBy: actor.email })
    .returning({ id: incidentForms.id });
  if (!row) throw new Error('incident not inserted');
  return row.id;
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown, path: string): T {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw invalidData(
      toFieldErrors(result.error.issues).map((e) => ({ ...e, path: e.path ? `${path}.${e.path}` : path })),
    );
  }
  return result.data;
}

/**
 * uploadForm?form_id=&order_id= (spec 7): the customer's answer to an incident.
 * Only the order's customer, only the order's open incident, once. The files
 * named must be the order's uploads through the incident's file option
 * (pushFilesToPedido/?order_id=). The answers are stored with the form, the
 * order goes back to 'En tramitación' (complete_in_progress, panel 30: the
 * state machine's move out of an incident) and the audit row names the customer.
 */
export async function answerIncident(
  db: AppDb,
  owner: Owner,
  input: { formId: number; orderId: string; jsonForm: string; jsonValues: string },
): Promise<void> {
  const order = await ownedOrder(db, owner, input.orderId);
  const form = parsed(IncidentFormJsonSchema, JSON.parse(input.jsonForm), 'json_form');
  const values = parsed(IncidentValuesSchema, JSON.parse(input.jsonValues), 'json_values');
  const answerOf = (optionId: number) => values.find((v) => v.option_id === optionId)?.value ?? '';
  const answer = parsed(IncidentAnswerTextSchema, answerOf(INCIDENT_OPTION.answer), 'json_values.answer');
  const fileValue = parsed(IncidentFileIdsSchema, answerOf(INCIDENT_OPTION.files), 'json_values.files');
  const fileIds = [...new Set(uploadedFileIds(fileValue))];

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked) throw notFound();
    const [incident] = await tx
      .select()
      .from(incidentForms)
      .where(and(eq(incidentForms.id, input.formId), eq(incidentForms.orderId, locked.id)));
    if (!incident) throw notFound();
    if (incident.answeredAt !== null || locked.status !== 'complete_incident')
      throw new AppError('conflict', 'conflict');
    if (fileIds.length > 0) {
      const owned = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, fileIds),
            eq(files.orderId, locked.id),
            eq(files.kind, 'upload'),
            eq(files.optionId, INCIDENT_OPTION.files),
          ),
        );
      if (owned.length !== fileIds.length) throw invalidField('json_values.files', 'invalid_value');
    }
    const now = new Date();
    await tx
      .update(incidentForms)
      .set({
        form,
        answers: [
          {
            option_id: INCIDENT_OPTION.answer,
            label: ANSWER_LABELS[INCIDENT_OPTION.answer] ?? '',
            value: answer,
          },
          ...(fileIds.length
            ? [
                {
                  option_id: INCIDENT_OPTION.files,
                  label: ANSWER_LABELS[INCIDENT_OPTION.files] ?? '',
                  value: fileIds.join(','),
                },
              ]
            : []),
        ],
        answeredAt: now,
      })
      .where(eq(incidentForms.id, incident.id));
    const moved = await changeOrderStatus(tx, locked, {
      to: 'complete_in_progress',
      panelStatusId: PANEL_STATUS.inProgress,
      actor: { operatorId: null, email: `customer:${locked.email}` },
      action: 'order.incident_answered',
      details: { form_id: incident.id, files: fileIds },
    });
    if (!moved.ok) throw new AppError('conflict', 'transitionRefused');
  });
}
