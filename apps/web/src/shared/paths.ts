// Every storefront route, relative to the application prefix (the router's
// base). Links and redirects build their targets here, never by hand.
export const paths = {
  services: () => '/servicios',
  servicesReset: () => '/servicios/reset',
  about: () => '/about',
  notaSimpleStep: (step: number) => `/nota-simple/step${step}`,
} as const;

/** Appends the current query string (e.g. ?store_id=16), which redirects keep. */
export function withSearch(path: string, search: string): string {
  return search && search !== '?' ? `${path}${search.startsWith('?') ? '' : '?'}${search}` : path;
}
