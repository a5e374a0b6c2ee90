import { AdminOkSchema, type AdminSessionAnswer, AdminSessionAnswerSchema } from '@shop/domain';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Route, Router, Switch, useRoute } from 'wouter';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { AdminApiError, adminCall, setCsrfToken, setUnauthorizedHandler } from './api.ts';
import { LoginScreen } from './login-screen.tsx';
import { SecondFactorScreen } from './second-factor-screen.tsx';
import { SessionContext } from './session.ts';

// Every screen is its own chunk: the log in screen is all a visitor without a session downloads.
const QueueScreen = lazy(() => import('./orders/queue-screen.tsx'));
const OrderScreen = lazy(() => import('./orders/order-screen.tsx'));
const CatalogScreen = lazy(() => import('./catalog/catalog-screen.tsx'));
const ProductEditor = lazy(() => import('./catalog/product-editor.tsx'));
const MailScreen = lazy(() => import('./mail/mail-screen.tsx'));
const OperatorsScreen = lazy(() => import('./operators/operators-screen.tsx'));
const InvoicesScreen = lazy(() => import('./invoices/invoices-screen.tsx'));

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(href === '/' ? '/' : `${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The back office: its own log in, then the queue, orders, mail and (admins) the catalogue under /admin. */
export function AdminApp() {
  const [session, setSession] = useState<AdminSessionAnswer | null | undefined>(undefined);

  const signIn = useCallback((answer: AdminSessionAnswer | null) => {
    setCsrfToken(answer?.csrf_token ?? '');
    setSession(answer);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => signIn(null));
    adminCall(AdminSessionAnswerSchema, '/session')
      .then(signIn)
      .catch((error: unknown) => {
        if (!(error instanceof AdminApiError) || error.status === 401) signIn(null);
        else signIn(null);
      });
  }, [signIn]);

  if (session === undefined) return <p className={styles.main}>Cargando…</p>;
  if (session === null) return <LoginScreen onSignedIn={signIn} />;
  if (session.second_factor !== 'done') return <SecondFactorScreen session={session} onSession={signIn} />;

  const logout = async () => {
    await adminCall(AdminOkSchema, '/logout', { method: 'POST' }).catch(() => {});
    signIn(null);
  };

  const isAdmin = session.operator.role === 'admin';

  return (
    <SessionContext.Provider value={session}>
      <Router base="/admin">
        <div className={styles.shell}>
          <nav className={styles.bar} aria-label="Back office">
            <strong>Back office</strong>
            <NavLink href="/">Pedidos</NavLink>
            <NavLink href="/mail">Correo</NavLink>
            <NavLink href="/invoices">Facturas</NavLink>
            {isAdmin && <NavLink href="/catalog">Catálogo</NavLink>}
            {isAdmin && <NavLink href="/operators">Operadores</NavLink>}
            <span className={styles.spacer} />
            <span>
              {session.operator.email} ({session.operator.role === 'admin' ? 'administrador' : 'agente'})
            </span>
            <Button variant="secondary" onClick={logout}>
              Salir
            </Button>
          </nav>
          <main className={styles.main}>
            <Suspense fallback={<p>Cargando…</p>}>
              <Switch>
                <Route path="/" component={QueueScreen} />
                <Route path="/orders/:id">{(params) => <OrderScreen orderId={params.id} />}</Route>
                <Route path="/mail" component={MailScreen} />
                <Route path="/invoices" component={InvoicesScreen} />
                {isAdmin && <Route path="/catalog" component={CatalogScreen} />}
                {isAdmin && <Route path="/operators" component={OperatorsScreen} />}
                {isAdmin && (
                  <Route path="/catalog/:id">
                    {(params) => <ProductEditor productId={Number(params.id)} />}
                  </Route>
                )}
                <Route>
                  <p>Página no encontrada.</p>
                </Route>
              </Switch>
            </Suspense>
          </main>
        </div>
      </Router>
    </SessionContext.Provider>
  );
}
