import type { AdminSessionAnswer } from '@shop/domain';
import { createContext, useContext } from 'react';

export const SessionContext = createContext<AdminSessionAnswer | null>(null);

/** The signed-in operator's session (inside the shell only). */
export function useAdminSession(): AdminSessionAnswer {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession outside the back office shell');
  return session;
}
