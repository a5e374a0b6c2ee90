import {
  formatVoucherExpiry,
  isLocatedPropertyProduct,
  isNsUpdateOffered,
  type Pedido,
  type PedidoItem,
  PRODUCT_IDS,
} from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { loadOrder } from '../../../shared/api/followups.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useLeaveForCart } from '../hooks/use-leave-for-cart.ts';
import styles from './followups.module.css';
import { NsUpdateDialog } from './ns-update-dialog.tsx';

/** A paid item the customer may request again with its answers to review (product/actualizar). */
function canRequestAgain(order: Pedido, item: PedidoItem): boolean {
  // A Nota Simple is requested again through its update (after 60 days); located properties come with their search.
  return (
    order.paid &&
    item.parent_id === null &&
    item.product_id !== PRODUCT_IDS.notaSimple &&
    !isLocatedPropertyProduct(item.product_id)
  );
}

/**
 * The order's one way to order it again (issue 20 item 7: one reorder per
 * order): an order of one item that can be reviewed goes to that item's
 * answers (product/actualizar, then the cart); any other order is loaded
 * into the cart whole (loadorder).
 */
function reorderTarget(order: Pedido): { itemId: number } | 'loadorder' {
  const [only, ...rest] = order.items;
  return only && rest.length === 0 && canRequestAgain(order, only) ? { itemId: only.id } : 'loadorder';
}

/**
 * What the customer can do with an order (issue 10 item 2): pay it later
 * (payment/order/{id}) while unpaid, else order it again (loadorder). While a
 * Multibanco voucher or a direct debit is open, paying another way is a
 * secondary choice that says the voucher stays valid (issue 17 item 4).
 */
export function OrderActions({ order }: { order: Pedido }) {
  const t = useT();
  const { language } = useConfig();
  const leave = useLeaveForCart();
  const reorder = useMutation({ mutationFn: () => loadOrder(order.order_id), onSuccess: leave });
  const unpaid = order.status === 'pending_payment' || order.status === 'processing';
  const open = order.pending_payment?.voucher ?? order.pending_payment?.mandate;
  const hintId = `order-${order.order_id}-other-way`;
  const again = reorderTarget(order);
  return (
    <div className={styles.actions}>
      {unpaid && !open && (
        <Link className={styles.action} href={paths.paymentOrder(order.order_id)}>
          {t('followups.payOrder')}
        </Link>
      )}
      {/* A voucher or a debit is open: another method only as an explicit, explained choice. */}
      {unpaid && open && (
        <>
          <p className={styles.hint} id={hintId}>
            {order.pending_payment?.voucher
              ? t('pendingPayment.otherWayVoucher', {
                  date: formatVoucherExpiry(order.pending_payment.voucher.expires_at, language),
                })
              : t('pendingPayment.otherWayMandate')}
          </p>
          <Link
            className={`${styles.action} ${styles.secondary}`}
            href={paths.paymentOrder(order.order_id)}
            aria-describedby={hintId}
          >
            {t('pendingPayment.payOtherWay')}
          </Link>
        </>
      )}
      {/* An unpaid order is paid, not ordered twice. */}
      {!unpaid && again !== 'loadorder' && (
        <Link
          className={styles.action}
          href={paths.productActualizar(order.order_id, again.itemId)}
          aria-describedby={`order-${order.order_id}`}
        >
          {t('followups.reorder')}
        </Link>
      )}
      {!unpaid && again === 'loadorder' && (
        <Button
          variant="secondary"
          className={styles.action}
          disabled={reorder.isPending}
          aria-describedby={`order-${order.order_id}`}
          onClick={() => reorder.mutate()}
        >
          {reorder.isPending ? t('followups.adding') : t('followups.reorder')}
        </Button>
      )}
    </div>
  );
}

/**
 * What the customer can do with one item: complete it after an early checkout
 * (checkout/finalize/{item_id}) or update a Nota Simple over 60 days old
 * (dialog: addactualizarnsahora / updatepedidoNS). Ordering again is the
 * order's own single action (OrderActions).
 */
export function ItemActions({ order, item }: { order: Pedido; item: PedidoItem }) {
  const t = useT();
  const [dialog, setDialog] = useState(false);
  if (item.parent_id !== null) return null;
  const isNs = item.product_id === PRODUCT_IDS.notaSimple;
  const nsUpdate = order.paid && isNs && isNsUpdateOffered(order.created_at, new Date());
  return (
    <div className={styles.actions}>
      {item.pendingTramitation && (
        <Link className={styles.action} href={paths.checkoutFinalize(item.id)}>
          {t('followups.finalizeLink')}
        </Link>
      )}
      {nsUpdate && (
        <>
          <p className={styles.hint}>{t('followups.nsUpdateHint')}</p>
          <Button variant="secondary" className={styles.action} onClick={() => setDialog(true)}>
            {t('followups.nsUpdate')}
          </Button>
          {dialog && <NsUpdateDialog order={order} item={item} onClose={() => setDialog(false)} />}
        </>
      )}
    </div>
  );
}
