import { useRouter } from 'wouter';

/**
 * The page's query string as typed, not decoded (wouter's useSearch decodes it,
 * and a decoded `&` or `=` would change the query when kept on a redirect); on
 * the server, the request's (Router ssrSearch), so a server-rendered route can
 * read it during render (ADR 009).
 */
export function useRawSearch(): string {
  const router = useRouter();
  return router.searchHook(router);
}
