import type { AdminSessionAnswer } from '@shop/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setCsrfToken } from '../admin/api.ts';
import { adminQueryClient } from '../admin/query-client.ts';
import { SessionContext } from '../admin/session.ts';

/** One request the fake back-office API received. */
export interface AdminRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply =
  | { status?: number; body: unknown }
  | ((request: AdminRequest) => { status?: number; body: unknown });

/**
 * The back-office API played in the page: `fetch` answers `METHOD /path`
 * (without /admin/api and the query string) from `routes`, records every
 * request, and answers 404 for anything else.
 */
export function stubAdminApi(routes: Record<string, Reply>) {
  const received: AdminRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const request: AdminRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/admin\/api/, ''),
      search: url.search,
      headers,
      body,
    };
    received.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply = typeof route === 'function' ? route(request) : route;
    if (!reply)
      return new Response(JSON.stringify({ ok: false, message: 'No encontrado', errors: [] }), {
        status: 404,
      });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { received };
}

export const adminSession = (role: 'admin' | 'agent' = 'admin'): AdminSessionAnswer => ({
  ok: true,
  operator: { id: 1, email: 'ana@example.com', name: 'Ana', role, disabled: false, totp: true },
  second_factor: 'done',
  csrf_token: 'csrf-token',
  idle_expires_at: '2026-11-27T18:00:00.000Z',
  expires_at: '2026-11-27T23:00:00.000Z',
});

/**
 * A back-office screen as the shell mounts it (the one QueryClient, emptied
 * first), with a session and a memory router at `path`.
 */
export function renderAdmin(
  ui: ReactNode,
  { path = '/', session = adminSession() }: { path?: string; session?: AdminSessionAnswer } = {},
) {
  const client = adminQueryClient;
  client.clear();
  setCsrfToken(session.csrf_token);
  const location = memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={session}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, client, location };
}
