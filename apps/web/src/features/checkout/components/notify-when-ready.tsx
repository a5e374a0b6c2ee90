import type { Pedido } from '@shop/domain';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { pushSubscribe } from '../../../shared/api/push.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import { useT } from '../../../shared/i18n/use-t.ts';
import {
  notificationPermission,
  PushDeniedError,
  pushSupported,
  subscribeBrowser,
} from '../../../shared/push/web-push.ts';
import { Button } from '../../../shared/ui/button.tsx';
import styles from './orders.module.css';

/** One subscription covers every order of the browser: every card shows it once one succeeded. */
const SUBSCRIBE_KEY = ['pushSubscribe'];

/** Paid and still on its way: no document yet, not delivered, canceled or refunded. */
export function awaitsResult(order: Pedido): boolean {
  const over = (order.timeline ?? []).some((e) => ['delivered', 'canceled', 'refunded'].includes(e.kind));
  return order.paid && order.documents.length === 0 && !over;
}

/**
 * "Avísame cuando esté listo" (issue 20 item 10, ADR 031): subscribes this
 * browser to the notification the shop sends when the order's result is
 * attached. Shown only while Web Push is on (the config's VAPID key), the
 * browser can take it and the order awaits its result. The outcome is read
 * out from a live region: subscribed, notifications blocked (and how to allow
 * them), or a failure to try again.
 */
export function NotifyWhenReady({ order }: { order: Pedido }) {
  const t = useT();
  const { app_prefix: appPrefix, vapid_public_key: vapidKey } = useConfig();
  const [blocked] = useState(() => notificationPermission() === 'denied');
  const subscribe = useMutation({
    mutationKey: SUBSCRIBE_KEY,
    mutationFn: async (permission: Promise<NotificationPermission>) => {
      if (!vapidKey) throw new Error('web push is off');
      return pushSubscribe(await subscribeBrowser(permission, appPrefix, vapidKey));
    },
  });
  const subscribed =
    useMutationState({ filters: { mutationKey: SUBSCRIBE_KEY, status: 'success' } }).length > 0;
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The pressed button goes away once subscribed: focus moves to the sentence that replaces it.
  useEffect(() => {
    if (subscribe.isSuccess) statusRef.current?.focus();
  }, [subscribe.isSuccess]);
  if (!vapidKey || !pushSupported() || !awaitsResult(order)) return null;

  const denied = !subscribed && (subscribe.error instanceof PushDeniedError || (blocked && subscribe.isIdle));
  let status = '';
  if (subscribed) status = t('push.notify.subscribed');
  else if (subscribe.isPending) status = t('push.notify.working');
  else if (denied) status = t('push.notify.denied');
  else if (subscribe.isError) status = t('push.notify.error');

  return (
    <div className={styles.notify}>
      {subscribed ? null : (
        <Button
          variant="secondary"
          aria-describedby={status ? `order-${order.order_id}-notify` : undefined}
          // aria-disabled, not disabled: the focused button keeps its focus while the browser answers.
          aria-disabled={subscribe.isPending}
          onClick={() => {
            // The permission prompt must be asked inside the click itself.
            if (!subscribe.isPending) subscribe.mutate(Notification.requestPermission());
          }}
        >
          {t('push.notify.button')}
        </Button>
      )}
      <p
        id={`order-${order.order_id}-notify`}
        role="status"
        ref={statusRef}
        tabIndex={-1}
        className={subscribe.isError && !denied ? styles.notifyError : styles.notifyStatus}
      >
        {status}
      </p>
    </div>
  );
}
