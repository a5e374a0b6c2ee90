import { PromiseAnswerSchema } from '@shop/domain';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { usePromiseText } from './delivery-promise.tsx';

/** The product wizards' queries (the promise): one client for the Nota Simple and Informação Predial route modules. */
export const promiseQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** A promise is read again after this: the customer sees the one the cart will keep (the server accepts 30 minutes). */
const PROMISE_STALE_MS = 5 * 60_000;

/**
 * The delivery promise of the registry serving `municipio` (the Nota Simple's
 * municipality or the Informação Predial's freguesia; ADR 034) for the
 * standard or the urgent service: its instant (sent with the form, so the
 * cart keeps it) and its words; null ones while loading, on failure, or when
 * the registry's hours are unknown (the store's nsCopy is shown then).
 */
export function useDeliveryPromise(municipio: string, urgent: boolean) {
  const query = useQuery({
    queryKey: ['delivery-promise', municipio, urgent],
    queryFn: () =>
      api.call(PromiseAnswerSchema, {
        path: 'delivery-promise',
        query: { municipio, urgent: urgent ? '1' : '0' },
        silent: true,
      }),
    enabled: municipio.trim() !== '',
    staleTime: PROMISE_STALE_MS,
  });
  const promisedAt = query.data?.promised_at ?? null;
  const text = usePromiseText(promisedAt, query.data?.time_zone);
  return { promisedAt, text, loading: query.isPending && municipio.trim() !== '' };
}
