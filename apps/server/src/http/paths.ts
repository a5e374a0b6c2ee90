/** The API prefix of spec 7, relative to the store base. */
export const API_PREFIX = '/desktopapp/rest';

/** True for a route pattern (request.routeOptions.url) that belongs to the storefront API. */
export function isApiRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl === API_PREFIX || routeUrl.startsWith(`${API_PREFIX}/`));
}
