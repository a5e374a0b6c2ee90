import { MailAnswerSchema, MailListAnswerSchema } from '@shop/domain';
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
