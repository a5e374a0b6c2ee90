import { InvoiceRegisterAnswerSchema, VerifactuResendAnswerSchema } from '@shop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_API, adminCall } from '../api.ts';
import { adminQueryClient } from '../query-client.ts';

/** The invoices area's server state: query options per endpoint, one function per change. */
export const invoicesKey = ['admin', 'invoices'] as const;

/** GET /invoices?{series,from,to}: the invoice register. */
export function invoiceRegisterQuery(query: string) {
  return queryOptions({
    queryKey: [...invoicesKey, query],
    queryFn: () => adminCall(InvoiceRegisterAnswerSchema, `/invoices?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /invoices.csv: the same filters as a download. */
export const invoicesCsvUrl = (query: string) => `${ADMIN_API}/invoices.csv${query ? `?${query}` : ''}`;

/** POST /verifactu/records/{id}/resend: a corrected record back in the AEAT's queue (admins). */
export function resendVerifactu(recordId: number) {
  return adminCall(VerifactuResendAnswerSchema, `/verifactu/records/${recordId}/resend`, { method: 'POST' });
}

export const refreshInvoices = () => adminQueryClient.invalidateQueries({ queryKey: invoicesKey });
