import { AuditAnswerSchema } from '@shop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';

/** GET /audit?{filters}: the audit log, newest first (admins). */
export function auditQuery(search: string) {
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return queryOptions({
    queryKey: ['admin', 'audit', query],
    queryFn: () => adminCall(AuditAnswerSchema, `/audit${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
  });
}
