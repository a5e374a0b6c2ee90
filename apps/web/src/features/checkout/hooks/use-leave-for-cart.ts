import type { ReorderAnswer } from '@shop/domain';
import { useLocation } from 'wouter';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import { showSnackbar } from '../../../shared/ui/snackbar-store.ts';

/**
 * After an order-again or update-now call: says what went into the cart (and
 * what could not), then goes on to the checkout with it.
 */
export function useLeaveForCart() {
  const t = useT();
  const [, navigate] = useLocation();
  return (answer: Pick<ReorderAnswer, 'added' | 'skipped'>) => {
    const skipped = answer.skipped.map((item) => t('followups.skipped', { product: item.product_name }));
    if (answer.added.length === 0) {
      showSnackbar({
        message: [t('followups.nothingAdded'), ...skipped].join(' '),
        action: { label: t('common.ok') },
        duration: null,
      });
      return;
    }
    const message = [t('followups.added', { count: answer.added.length }), ...skipped].join(' ');
    // What was left out stays on screen until read.
    showSnackbar({
      message,
      action: { label: t('common.ok') },
      ...(skipped.length ? { duration: null } : {}),
    });
    navigate(paths.customerCheckout());
  };
}
