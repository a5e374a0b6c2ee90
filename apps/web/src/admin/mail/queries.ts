import {
  MailAnswerSchema,
  MailListAnswerSchema,
  MailResendAnswerSchema,
  OrderMailsAnswerSchema,
} from '@shop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';

/** The mail area's server state: query options per endpoint. */
export const mailKey = ['admin', 'mail'] as const;

/** GET /mail?status=: the sent mail and the outbox, by status ('' = all). */
export function mailListQuery(status: string) {
  return queryOptions({
    queryKey: [...mailKey, 'list', status],
    queryFn: () =>
      adminCall(MailListAnswerSchema, `/mail${status ? `?status=${encodeURIComponent(status)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /mail/{id}: one mail with its text, HTML and attachments. */
export function mailQuery(id: string) {
  return queryOptions({
    queryKey: [...mailKey, 'one', id],
    queryFn: async () => (await adminCall(MailAnswerSchema, `/mail/${encodeURIComponent(id)}`)).mail,
  });
}

/** GET /orders/{id}/mail: the mails of an order (confirmation, incident, result…) with their delivery state. */
export function orderMailsQuery(orderId: string) {
  return queryOptions({
    queryKey: [...mailKey, 'order', orderId],
    queryFn: async () =>
      (await adminCall(OrderMailsAnswerSchema, `/orders/${encodeURIComponent(orderId)}/mail`)).mails,
  });
}

/** POST /mail/{id}/resend: the same mail queued again (a new mail with its own delivery state). */
export function resendMail(mailId: number) {
  return adminCall(MailResendAnswerSchema, `/mail/${mailId}/resend`, { method: 'POST' });
}
