import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './customers.ts';
import { orders } from './orders.ts';

/** One answer of an incident form as stored: the option, its label and the value (file ids for files). */
export type IncidentAnswer = { option_id: number; label: string; value: string };

/**
 * An incident raised on an order (panel status 60): the operator's message and,
 * once the customer has filled the incident form (product/form/{id}/{order_id},
 * posted with uploadForm), the answers. Its id is the route's form_id.
 */
export const incidentForms = pgTable(
  'incident_forms',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    message: text('message').notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    /** json_form as the customer's page sent it (the form it showed). */
    form: jsonb('form').$type<Record<string, unknown>>(),
    answers: jsonb('answers').$type<IncidentAnswer[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('incident_forms_order_idx').on(t.orderId)],
);
