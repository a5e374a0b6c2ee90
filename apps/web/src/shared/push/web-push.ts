import type { PushSubscribeBody } from '@shop/domain';

/** The service worker the server serves while Web Push is on (apps/server push-worker.routes.ts). */
export const PUSH_WORKER_FILE = 'push-worker.js';

/** Whether this browser can take a Web Push subscription (service worker, Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The notification permission now: 'denied' means only the browser's site settings can change it. */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'default';
}

/** The customer refused (or the browser blocks) notifications for the shop. */
export class PushDeniedError extends Error {
  constructor() {
    super('notifications denied');
    this.name = 'PushDeniedError';
  }
}

/** A base64url VAPID key as the bytes PushManager.subscribe's applicationServerKey takes. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser to the shop's notifications: waits for the
 * permission the click asked for (`permission`: Notification.requestPermission
 * called inside the click, as browsers require), registers the worker under
 * the app prefix (its scope: every storefront page), waits until it is active
 * and subscribes with the shop's VAPID public key. Answers the subscription
 * as pushSubscribe takes it.
 */
export async function subscribeBrowser(
  permission: Promise<NotificationPermission>,
  appPrefix: string,
  vapidPublicKey: string,
): Promise<PushSubscribeBody> {
  if ((await permission) !== 'granted') throw new PushDeniedError();
  const registration = await navigator.serviceWorker.register(`${appPrefix}/${PUSH_WORKER_FILE}`, {
    scope: `${appPrefix}/`,
  });
  const active = registration.active ? registration : await navigator.serviceWorker.ready;
  const subscription =
    (await active.pushManager.getSubscription()) ??
    (await active.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(vapidPublicKey),
    }));
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
