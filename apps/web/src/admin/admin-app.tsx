import type { AdminSessionAnswer } from '@shop/domain';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Route, Router, Switch, useRoute } from 'wouter';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { LoginScreen } from './login-screen.tsx';
import { adminQueryClient, setSession } from './query-client.ts';
import { SecondFactorScreen } from './second-factor-screen.tsx';
import { SessionContext } from './session.ts';
import { logOut, sessionQuery } from './session-queries.ts';

// Every screen is its own chunk: the log in screen is all a visitor without a session downloads.
const QueueScreen = lazy(() => import('./orders/queue-screen.tsx'));
const OrderScreen = lazy(() => import('./orders/order-screen.tsx'));
const CatalogScreen = lazy(() => import('./catalog/catalog-screen.tsx'));
const ProductEditor = lazy(() => import('./catalog/product-editor.tsx'));
const MailScreen = lazy(() => import('./mail/mail-screen.tsx'));
const OperatorsScreen = lazy(() => import('./operators/operators-screen.tsx'));
const InvoicesScreen = lazy(() => import('./invoices/invoices-screen.tsx'));
const CalendarsScreen = lazy(() => import('./calendars/calendars-screen.tsx'));
const AuditScreen = lazy(() => import('./audit/audit-screen.tsx'));
const StoresScreen = lazy(() => import('./stores/stores-screen.tsx'));
const StoreSettingsScreen = lazy(() => import('./stores/store-settings-screen.tsx'));

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(href === '/' ? '/' : `${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The back office: one QueryClient for every screen's server state, mounted once here. */
export function AdminApp() {
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AdminShell />
    </QueryClientProvider>
  );
}

/** Its own log in, then the queue, orders, mail and (admins) the catalogue under /admin. */
function AdminShell() {
  const { data: session, isPending } = useQuery(sessionQuery);
  const logout = useMutation({ mutationFn: logOut, onSettled: () => setSession(null) });

  if (isPending) return <p className={styles.main}>Cargando…</p>;
  // No session, or the session could not be read: the log in.
  if (!session) return <LoginScreen onSignedIn={setSession} />;
  // TOTP: the code, or an admin's enrolment, before anything else.
  if (session.second_factor !== 'done')
    return <SecondFactorScreen session={session} onSession={setSession} />;
  return <Shell session={session} onLogout={() => logout.mutate()} />;
}

function Shell({ session, onLogout }: { session: AdminSessionAnswer; onLogout: () => void }) {
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
            <NavLink href="/calendars">Calendarios</NavLink>
            {isAdmin && <NavLink href="/catalog">Catálogo</NavLink>}
            {isAdmin && <NavLink href="/operators">Operadores</NavLink>}
            {isAdmin && <NavLink href="/stores">Tiendas</NavLink>}
            {isAdmin && <NavLink href="/audit">Auditoría</NavLink>}
            <span className={styles.spacer} />
            <span>
              {session.operator.email} ({session.operator.role === 'admin' ? 'administrador' : 'agente'})
            </span>
            <Button variant="secondary" onClick={onLogout}>
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
                <Route path="/calendars" component={CalendarsScreen} />
                {isAdmin && <Route path="/catalog" component={CatalogScreen} />}
                {isAdmin && <Route path="/operators" component={OperatorsScreen} />}
                {isAdmin && <Route path="/audit" component={AuditScreen} />}
                {isAdmin && <Route path="/stores" component={StoresScreen} />}
                {isAdmin && (
                  <Route path="/stores/:id">
                    {(params) => <StoreSettingsScreen storeId={Number(params.id)} />}
                  </Route>
                )}
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
