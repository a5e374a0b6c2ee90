import { hasLocatedPropertyItem } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, Redirect, useParams } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { loadQuote } from '../../../shared/api/followups.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';

/**
 * payment/quote/{quote_id}: makes a saved quote the session's cart (loadquote), then the payment
 * choice; a quote of located properties (the link of the back office's mail) shows the cart list first.
 */
export default function QuotePage() {
  const t = useT();
  const params = useParams<{ quoteId?: string }>();
  usePageTitle(t('titles.checkout'));
  const quoteId = Number(params.quoteId);
  const valid = Number.isInteger(quoteId) && quoteId > 0;
  // loadquote fills the cart: once per page life (an ordered quote would be added again on a refetch).
  const quote = useQuery({
    queryKey: ['quote', quoteId],
    queryFn: () => loadQuote(quoteId),
    enabled: valid,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // The e-mailed link opened without logging in: log in, then back here.
  if (valid && quote.error instanceof ApiError && quote.error.status === 401) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('titles.checkout')}</h1>
        <LoginToContinue back={paths.paymentQuote(quoteId)} />
      </section>
    );
  }
  if (valid && quote.data?.ok) {
    // Located properties the back office found: the cart list first, with 'Cancelar pedido' (spec 2).
    const next = hasLocatedPropertyItem(quote.data.config.cart.items)
      ? paths.cart()
      : paths.customerPayment();
    return <Redirect to={withSearch(next, window.location.search)} replace />;
  }
  if (!valid || quote.isError || quote.data?.ok === false) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('titles.checkout')}</h1>
        <p role="alert">{t('payment.orderNotFound')}</p>
        <ul className={styles.links}>
          <li>
            <Link href={paths.services()}>{t('success.continue')}</Link>
          </li>
        </ul>
      </section>
    );
  }
  return <Loading label={t('payment.loadingQuote')} />;
}
