import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { paths, withSearch } from '../../shared/paths.ts';
import ActualizarPage from './components/actualizar-page.tsx';
import AuthenticatePage from './components/authenticate-page.tsx';
import CardPage from './components/card-page.tsx';
import CheckoutPage from './components/checkout-page.tsx';
import DetailsPage from './components/details-page.tsx';
import FinalizePage from './components/finalize-page.tsx';
import IncidentFormPage from './components/incident-form-page.tsx';
import LoginLinkPage from './components/login-link-page.tsx';
import MbwayPage from './components/mbway-page.tsx';
import MethodPage, { type GatewayMethod } from './components/method-page.tsx';
import OrdersPage from './components/orders-page.tsx';
import PasswordPage from './components/password-page.tsx';
import PaymentChoicePage from './components/payment-choice-page.tsx';
import QuotePage from './components/quote-page.tsx';
import RegisterPage from './components/register-page.tsx';
// Stripe.js itself loads from inside this page, when it opens (its own chunk).
import StripePage from './components/stripe-page.tsx';
import SuccessPage from './components/success-page.tsx';
import ThreeDsPage from './components/three-ds-page.tsx';

/**
 * Server state of the customer and payment routes. The api client already
 * retries what may pass (three times, spec 7), so queries do not retry again.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** For tests: forget every query between renders. */
export function resetCheckoutQueries(): void {
  queryClient.clear();
}

/**
 * The customer and payment routes of spec 2 (one lazy chunk with
 * react-hook-form and TanStack Query; the services screen never loads it).
 */
/** The payment methods whose page only confirms (spec 2), by route; the longer Monei path first. */
const METHOD_PAGES: readonly (readonly [string, GatewayMethod])[] = [
  ['/payment/monei/multibanco', 'moneimultibanco'],
  ['/payment/monei', 'monei'],
  ['/payment/multibanco', 'multibanco'],
  ['/payment/bizum', 'bizum'],
  ['/payment/paypal', 'paypal'],
];

export default function CheckoutRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path="/customer/register" component={RegisterPage} />
        <Route path="/customer/authenticate/:email?" component={AuthenticatePage} />
        <Route path="/customer/password/:token?" component={PasswordPage} />
        <Route path="/customer/login/:token?" component={LoginLinkPage} />
        <Route path="/customer/payment">
          <PaymentChoicePage mode="choose" />
        </Route>
        <Route path="/customer/checkout" component={CheckoutPage} />
        <Route path="/customer/orders/:orderId?" component={OrdersPage} />
        <Route path="/customer/details" component={DetailsPage} />
        <Route path="/product/form/:formId/:orderId" component={IncidentFormPage} />
        <Route path="/payment/cc" component={CardPage} />
        <Route path="/payment/stripe" component={StripePage} />
        <Route path="/payment/mbway" component={MbwayPage} />
        {METHOD_PAGES.map(([path, method]) => (
          <Route key={path} path={path}>
            <MethodPage method={method} />
          </Route>
        ))}
        <Route path="/payment/3ds/order/:orderId" component={ThreeDsPage} />
        <Route path="/payment/3ds" component={ThreeDsPage} />
        <Route path="/checkout/3ds" component={ThreeDsPage} />
        <Route path="/payment/retry/:orderId?">
          <PaymentChoicePage mode="retry" />
        </Route>
        <Route path="/payment/order/:orderId">
          <PaymentChoicePage mode="order" />
        </Route>
        <Route path="/payment/quote/:quoteId" component={QuotePage} />
        <Route path="/checkout/success/:orderId?" component={SuccessPage} />
        <Route path="/checkout/finalize/:itemId" component={FinalizePage} />
        <Route path="/product/actualizar/:orderId/:itemId" component={ActualizarPage} />
        <Route>
          <Redirect to={withSearch(paths.services(), window.location.search)} replace />
        </Route>
      </Switch>
    </QueryClientProvider>
  );
}
