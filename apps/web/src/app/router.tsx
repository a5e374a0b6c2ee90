import { LANDING_FOLDERS } from '@shop/domain';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ServicesScreen } from '../features/services/components/services-screen.tsx';
import { useT } from '../shared/i18n/use-t.ts';
import { paths, withSearch } from '../shared/paths.ts';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { lazyRoute } from './lazy-route.tsx';

// The services screen is the first screen and ships in the entry chunk;
// every other route is its own chunk (DESIGN.md "Budgets"), preloadable for
// server rendering and hydration (lazy-route.tsx).
const AboutPage = lazyRoute(
  'src/features/about/components/about-page.tsx',
  () => import('../features/about/components/about-page.tsx'),
);
const LegalPage = lazyRoute(
  'src/features/about/components/legal-page.tsx',
  () => import('../features/about/components/legal-page.tsx'),
);
const GenericProductPage = lazyRoute(
  'src/features/generic-product/components/generic-product-page.tsx',
  () => import('../features/generic-product/components/generic-product-page.tsx'),
);
const CartAddPage = lazyRoute(
  'src/features/cart/components/cart-add-page.tsx',
  () => import('../features/cart/components/cart-add-page.tsx'),
);
const CartPage = lazyRoute(
  'src/features/cart/components/cart-page.tsx',
  () => import('../features/cart/components/cart-page.tsx'),
);
const NotaSimplePage = lazyRoute(
  'src/features/nota-simple/components/nota-simple-page.tsx',
  () => import('../features/nota-simple/components/nota-simple-page.tsx'),
);
const QPropiedadesPage = lazyRoute(
  'src/features/q-propiedades/components/q-propiedades-page.tsx',
  () => import('../features/q-propiedades/components/q-propiedades-page.tsx'),
);
const CertidaoPermanente = lazyRoute(
  'src/features/certidao-permanente/certidao-route.tsx',
  () => import('../features/certidao-permanente/certidao-route.tsx'),
);
const IPredialSimplificada = lazyRoute(
  'src/features/i-predial-simplificada/ipredial-route.tsx',
  () => import('../features/i-predial-simplificada/ipredial-route.tsx'),
);
// Register, log in, payment, checkout and success: one chunk with react-hook-form and TanStack Query.
const CheckoutRoutes = lazyRoute(
  'src/features/checkout/checkout-routes.tsx',
  () => import('../features/checkout/checkout-routes.tsx'),
);
const LandingRoute = lazyRoute(
  'src/features/landing/landing-route.tsx',
  () => import('../features/landing/landing-route.tsx'),
);

/** The route modules by their path's first segment: what to load before rendering a URL. */
const ROUTE_MODULES: Record<string, { preload: () => Promise<void>; file: string }> = {
  about: AboutPage,
  privacy: LegalPage,
  conditions: LegalPage,
  product: GenericProductPage,
  cart: CartAddPage,
  'nota-simple': NotaSimplePage,
  'q-propiedades': QPropiedadesPage,
  'certidao-permanente': CertidaoPermanente,
  'i-predial-simplificada': IPredialSimplificada,
  RegistroPropiedad: LandingRoute,
  NotaSimpleRegistroPropiedad: LandingRoute,
  customer: CheckoutRoutes,
  payment: CheckoutRoutes,
  checkout: CheckoutRoutes,
};

/**
 * Loads the route module of `path` (below the prefix), so rendering it does not
 * suspend; returns its source file (the build manifest's key), or null for the
 * services screen, which is in the entry chunk.
 */
export async function preloadRoute(path: string): Promise<string | null> {
  const segments = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const first = segments[0] ?? '';
  // 'cart' alone is the cart page; cart/add/{kind} the add page. product/form/{form_id}/{order_id}
  // is the customer's incident form, not a product wizard.
  const route =
    first === 'cart' && segments.length === 1
      ? CartPage
      : first === 'product' && segments[1] === 'form'
        ? CheckoutRoutes
        : ROUTE_MODULES[first];
  if (!route) return null;
  await route.preload();
  return route.file;
}

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
          <Route path={paths.privacy()} component={LegalPage} />
          <Route path={paths.conditions()} component={LegalPage} />
          {/* product/form/{form_id}/{order_id}: the incident form, a customer page (spec 2). */}
          <Route path="/product/form/:formId/:orderId" component={CheckoutRoutes} />
          {/* product/actualizar/{order_id}/{item_id}: an order's follow-up, in the customer chunk. */}
          <Route path="/product/actualizar/:orderId/:itemId" component={CheckoutRoutes} />
          {/* product/step1..30/{id} and product/confirmation/{id} (spec 2). */}
          <Route path="/product/:segment/:productId" component={GenericProductPage} />
          <Route path={paths.cart()} component={CartPage} />
          <Route path="/cart/add/:kind" component={CartAddPage} />
          <Route path="/nota-simple/:step?" component={NotaSimplePage} />
          <Route path="/q-propiedades/:step?" component={QPropiedadesPage} />
          <Route path="/certidao-permanente/:step?" component={CertidaoPermanente} />
          <Route path="/i-predial-simplificada/:step?" component={IPredialSimplificada} />
          {/* Spec 2 "Customer and payment". */}
          <Route path="/customer/*" component={CheckoutRoutes} />
          <Route path="/payment/*" component={CheckoutRoutes} />
          <Route path="/checkout/*" component={CheckoutRoutes} />
          {LANDING_FOLDERS.map((folder) => (
            <Route key={folder} path={`/${folder}/:url?`}>
              {(params) => <LandingRoute key={params.url ?? ''} folder={folder} url={params.url ?? ''} />}
            </Route>
          ))}
          {/* A regexp also catches paths outside the prefix, which wouter marks with "~". */}
          <Route path={/.*/} component={ToServices} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
