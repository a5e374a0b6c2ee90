import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ServicesScreen } from '../features/services/components/services-screen.tsx';
import { useT } from '../shared/i18n/use-t.ts';
import { paths, withSearch } from '../shared/paths.ts';
import { RouteErrorBoundary } from './error-boundary.tsx';

// The services screen is the first screen and ships in the entry chunk;
// every other route is its own chunk (DESIGN.md "Budgets").
const AboutPage = lazy(() => import('../features/about/components/about-page.tsx'));
const GenericProductPage = lazy(
  () => import('../features/generic-product/components/generic-product-page.tsx'),
);
const CartAddPage = lazy(() => import('../features/cart/components/cart-add-page.tsx'));
const NotaSimplePage = lazy(() => import('../features/nota-simple/components/nota-simple-page.tsx'));
const QPropiedadesPage = lazy(() => import('../features/q-propiedades/components/q-propiedades-page.tsx'));
const CertidaoPermanente = lazy(() => import('../features/certidao-permanente/certidao-route.tsx'));
const IPredialSimplificada = lazy(() => import('../features/i-predial-simplificada/ipredial-route.tsx'));
// Register, log in, payment, checkout and success: one chunk with react-hook-form and TanStack Query.
const CheckoutRoutes = lazy(() => import('../features/checkout/checkout-routes.tsx'));

function Loading() {
  const t = useT();
  return <p aria-busy="true">{t('common.loading')}</p>;
}

function Failed() {
  const t = useT();
  return <p role="alert">{t('errors.generic')}</p>;
}

/** The empty path and any unknown path go to the services screen, query string kept (spec 2). */
function ToServices() {
  // The raw search, not wouter's decoded copy, so encoded values survive.
  return <Redirect to={withSearch(paths.services(), window.location.search)} replace />;
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary fallback={<Failed />}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={paths.services()} component={ServicesScreen} />
          <Route path={paths.servicesReset()} component={ServicesScreen} />
          <Route path={paths.about()} component={AboutPage} />
          {/* product/step1..30/{id} and product/confirmation/{id} (spec 2). */}
          <Route path="/product/:segment/:productId" component={GenericProductPage} />
          <Route path="/cart/add/:kind" component={CartAddPage} />
          <Route path="/nota-simple/:step?" component={NotaSimplePage} />
          <Route path="/q-propiedades/:step?" component={QPropiedadesPage} />
          <Route path="/certidao-permanente/:step?" component={CertidaoPermanente} />
          <Route path="/i-predial-simplificada/:step?" component={IPredialSimplificada} />
          {/* Spec 2 "Customer and payment". */}
          <Route path="/customer/*" component={CheckoutRoutes} />
          <Route path="/payment/*" component={CheckoutRoutes} />
          <Route path="/checkout/*" component={CheckoutRoutes} />
          {/* A regexp also catches paths outside the prefix, which wouter marks with "~". */}
          <Route path={/.*/} component={ToServices} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
