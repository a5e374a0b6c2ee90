import { AdminOkSchema, type AdminSessionAnswer, AdminSessionAnswerSchema } from '@shop/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, adminCall, setCsrfToken } from './api.ts';
import { sessionKey } from './query-client.ts';

/** The signed-in operator, or null when there is no session (a 401). */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<AdminSessionAnswer | null> => {
    try {
      const session = await adminCall(AdminSessionAnswerSchema, '/session');
      setCsrfToken(session.csrf_token);
      return session;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /login: e-mail and password; the answer is the new session. */
export function logIn(body: { email: string; password: string }) {
  return adminCall(AdminSessionAnswerSchema, '/login', { method: 'POST', body });
}

/** POST /logout. */
export function logOut() {
  return adminCall(AdminOkSchema, '/logout', { method: 'POST' });
}
