import type { AdminSessionAnswer } from '@shop/domain';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, setCsrfToken, setUnauthorizedHandler } from './api.ts';

/**
 * The back office's one QueryClient, mounted once by AdminApp. Every load is a
 * `useQuery(xxxQuery(...))` with query options from the area's `queries.ts`,
 * every change a `useMutation` whose function lives there too (the
 * admin-rules test keeps it so). A refused read (4xx) is not retried.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 5_000,
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status !== null && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/** Every back-office query key starts with 'admin'. */
export const sessionKey = ['admin', 'session'] as const;

/** Replaces the session (after a log in, or null after a log out); a log out forgets every other answer. */
export function setSession(session: AdminSessionAnswer | null): void {
  setCsrfToken(session?.csrf_token ?? '');
  if (!session) adminQueryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== 'session' });
  adminQueryClient.setQueryData(sessionKey, session);
}

// A call refused with 401 (idle, expired, logged out elsewhere) shows the log in.
setUnauthorizedHandler(() => setSession(null));
