import { Redirect } from 'wouter';
import { paths, withSearch } from '../../../shared/paths.ts';
import type { GuardTarget } from '../utils/guards.ts';

const TARGETS: Readonly<Record<Exclude<GuardTarget, 'stay'>, () => string>> = {
  payment: paths.customerPayment,
  checkout: paths.customerCheckout,
  register: paths.customerRegister,
};

/** A guard's redirect (spec 4), keeping the raw query string as the wizards' guards do. */
export function GuardRedirect({ target }: { target: Exclude<GuardTarget, 'stay'> }) {
  return <Redirect to={withSearch(TARGETS[target](), window.location.search)} replace />;
}
