import type { FixedFlow } from '@shop/domain';

// Every storefront route, relative to the application prefix (the router's
// base). Links and redirects build their targets here, never by hand.
export const paths = {
  services: () => '/servicios',
  servicesReset: () => '/servicios/reset',
  about: () => '/about',
  notaSimpleStep: (step: number) => `/nota-simple/step${step}`,
  /** A step of a fixed wizard: flowStep('q-propiedades', 'step3') -> '/q-propiedades/step3'. */
  flowStep: (flow: FixedFlow, step: string) => `/${flow}/${step}`,
  /** A generic product's wizard step: productStep(1, 18464) -> '/product/step1/18464'. */
  productStep: (step: number, productId: number) => `/product/step${step}/${productId}`,
  /** A generic product's confirmation: productConfirmation(18464) -> '/product/confirmation/18464'. */
  productConfirmation: (productId: number) => `/product/confirmation/${productId}`,
  /** The cart add routes (spec 2): 'ns', 'qpropiedades', 'certidao', 'ipredial', 'product'. */
  cartAdd: (kind: 'ns' | 'qpropiedades' | 'certidao' | 'ipredial' | 'product') => `/cart/add/${kind}`,
  customerRegister: () => '/customer/register',
  customerCheckout: () => '/customer/checkout',
  /** The cart's buy button (spec 2 "Header"): checkout when logged in, else register. */
  buy: (loggedIn: boolean) => (loggedIn ? '/customer/checkout' : '/customer/register'),
} as const;

/** Appends the current query string (e.g. ?store_id=16), which redirects keep. */
export function withSearch(path: string, search: string): string {
  return search && search !== '?' ? `${path}${search.startsWith('?') ? '' : '?'}${search}` : path;
}
