import { canEnterFlow } from '@shop/domain';

/**
 * Routes where the header's 'Solicitar Nota Simple' button would be noise or a
 * way out of a purchase: the Nota Simple wizard itself, and the customer,
 * checkout and payment pages.
 */
const HIDDEN_PREFIXES = ['/nota-simple', '/customer', '/checkout', '/payment'];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Whether the header shows 'Solicitar Nota Simple' (spec 2): on the stores that may
 * enter the Nota Simple wizard (the domain's one rule: those that sell it), not on those routes.
 */
export function showsRequestNotaSimple(storeId: number, pathname: string): boolean {
  return canEnterFlow(storeId, 'nota-simple') && !HIDDEN_PREFIXES.some((prefix) => under(pathname, prefix));
}

/** The log-in pages themselves, where the header's 'Entrar' would lead nowhere new. */
const LOGIN_PREFIXES = ['/customer/authenticate', '/customer/login', '/customer/password'];

/** Whether the header offers 'Entrar' to a visitor who is not logged in (every page but the log-in ones). */
export function showsLogin(pathname: string): boolean {
  return !LOGIN_PREFIXES.some((prefix) => under(pathname, prefix));
}

/** The wizards' routes: the logo asks before leaving them (their answers would be left half done). */
const WIZARD_PREFIXES = ['/nota-simple', '/q-propiedades', '/certidao-permanente', '/i-predial-simplificada'];

/** Whether `pathname` (relative to the app's base) is a step of a wizard, fixed or generic. */
export function isWizardPath(pathname: string): boolean {
  return (
    WIZARD_PREFIXES.some((prefix) => under(pathname, prefix)) ||
    /^\/product\/(step\d+|confirmation)\/\d+$/.test(pathname)
  );
}
