import { type AdminIncident, INCIDENT_OPTION, type OpenIncident, uploadedFileIds } from '@shop/domain';
import type { IncidentRow } from './incidents.repository.ts';

/** The open incident as the customer's order row carries it. */
export function openIncidentView(row: IncidentRow): OpenIncident {
  return {
    form_id: row.id,
    order_id: row.orderId,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

/** An incident as the back office's order detail shows it. */
export function adminIncidentView(row: IncidentRow): AdminIncident {
  const answers = row.answers ?? [];
  return {
    id: row.id,
    message: row.message,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    answers,
    file_ids: uploadedFileIds(answers.find((a) => a.option_id === INCIDENT_OPTION.files)?.value ?? ''),
  };
}
