import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../../shared/api/api-error.ts';
import { addUpdateNow, pedido } from '../../../shared/api/followups.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useLeaveForCart } from '../hooks/use-leave-for-cart.ts';
import { findOrderItem } from './find-order-item.ts';
import styles from './followups.module.css';
import { Loading } from './loading.tsx';
import { LoginToContinue } from './login-to-continue.tsx';

/**
 * product/actualizar/{order_id}/{item_id} (spec 2 "update an order item"): the
 * item's answers as bought, and "add to the cart" to request it again with
 * them (addactualizarpedidoahora), at today's price; the cart's edit dialog
 * changes them before paying.
 */
export default function ActualizarPage() {
  const t = useT();
  const config = useConfig();
  const leave = useLeaveForCart();
  const params = useParams<{ orderId?: string; itemId?: string }>();
  const orderId = params.orderId ?? '';
  const itemId = Number(params.itemId);
  const valid = /^\d{9,11}$/.test(orderId) && Number.isInteger(itemId) && itemId > 0;
  usePageTitle(t('followups.actualizarTitle'));
  const query = useQuery({
    queryKey: ['pedido', orderId],
    queryFn: () => pedido(orderId),
    enabled: valid && config.loggedIn,
  });
  const send = useMutation({
    mutationFn: () => addUpdateNow(orderId, itemId),
    onSuccess: (answer) => leave({ added: [answer.item.id], skipped: [] }),
  });
  const found = query.data ? findOrderItem([query.data], itemId) : null;

  let body: React.ReactNode;
  if (!config.loggedIn) body = <LoginToContinue back={paths.productActualizar(orderId, itemId)} />;
  else if (valid && query.isPending) body = <Loading />;
  else if (!valid || !found || query.isError) body = <p role="alert">{t('followups.notFound')}</p>;
  else {
    const options = found.item.options ?? [];
    const refusal = send.error instanceof ApiError && !send.error.gaveUp ? send.error.message : '';
    body = (
      <>
        <p>{t('followups.actualizarIntro', { product: found.item.product_name })}</p>
        {options.length > 0 && (
          <dl className={styles.summary}>
            {options.map((option) => (
              <div key={option.option_id}>
                <dt>{option.label}</dt>
                <dd>{option.print_value || option.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {refusal && <p role="alert">{refusal}</p>}
        <div className={styles.buttons}>
          <Button onClick={() => send.mutate()} disabled={send.isPending}>
            {send.isPending ? t('followups.adding') : t('followups.addToCart')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="actualizar-title">
      <h1 id="actualizar-title">{t('followups.actualizarTitle')}</h1>
      {body}
      <p>
        <Link href={paths.customerOrders()}>{t('followups.backToOrders')}</Link>
      </p>
    </section>
  );
}
