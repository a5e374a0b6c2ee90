import { AuditAnswerSchema, OperatorAnswerSchema, OperatorListAnswerSchema } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { adminCall } from '../api.ts';
import { adminQueryClient } from '../query-client.ts';

/** The operators area's server state (admins): query options per endpoint, one function per change. */
export const operatorsKey = ['admin', 'operators'] as const;

/** After a change: the operators and the audit log read again. */
export const refreshOperators = () =>
  Promise.all([
    adminQueryClient.invalidateQueries({ queryKey: operatorsKey }),
    adminQueryClient.invalidateQueries({ queryKey: auditKey }),
  ]);

/** GET /operators. */
export const operatorsQuery = queryOptions({
  queryKey: operatorsKey,
  queryFn: async () => (await adminCall(OperatorListAnswerSchema, '/operators')).operators,
});

export const auditKey = ['admin', 'audit'] as const;

/** GET /audit: the newest audit entries. */
export const auditQuery = queryOptions({
  queryKey: auditKey,
  queryFn: async () => (await adminCall(AuditAnswerSchema, '/audit')).entries,
});

export interface NewOperator {
  email: string;
  name: string;
  role: 'agent' | 'admin';
  password: string;
}

/** POST /operators. */
export function createOperator(body: NewOperator) {
  return adminCall(OperatorAnswerSchema, '/operators', { method: 'POST', body });
}

/** PATCH /operators/{id}: role or disabled. */
export function updateOperator({ id, patch }: { id: number; patch: { role?: string; disabled?: boolean } }) {
  return adminCall(OperatorAnswerSchema, `/operators/${id}`, { method: 'PATCH', body: patch });
}
