import { hasLocatedPropertyItem } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, Redirect, useParams } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { loadQuote } from '../../../shared/api/customer.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths, withSearch } from '../../../shared/paths.ts';
import { saveBackLoginPage } from '../../../shared/storage/checkout-storage.ts';
import styles from './checkout.module.css';
import { Loading } from './loading.tsx';

/**
 * payment/quote/{quote_id}: makes a saved quote the session's cart (loadquote), then the payment
 * choice; a quote of located properties (the link of the back office's mail) shows the cart list first.
 * A visitor who is not logged in logs in first and comes back.
 */
export default function QuotePage() {
  const t = useT();
  const params = useParams<{ quoteId?: string }>();
  usePageTitle(t('titles.checkout'));
  const quoteId = Number(params.quoteId);
  const valid = Number.isInteger(quoteId) && quoteId > 0;
  const quote = useQuery({ queryKey: ['quote', quoteId], queryFn: () => loadQuote(quoteId), enabled: valid });

  if (valid && quote.data?.ok) {
    // Located properties the back office found: the cart list first, with 'Cancelar pedido' (spec 2).
    const next = hasLocatedPropertyItem(quote.data.config.cart.items)
      ? paths.cart()
      : paths.customerPayment();
    return <Redirect to={withSearch(next, window.location.search)} replace />;
  }
  if (quote.error instanceof ApiError && quote.error.status === 401) {
    // Not logged in (the mail's link opened elsewhere): log in, then back here (spec 3 back_login_page).
    saveBackLoginPage(withSearch(`/payment/quote/${quoteId}`, window.location.search));
    return <Redirect to={withSearch(paths.customerAuthenticate(), window.location.search)} replace />;
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
