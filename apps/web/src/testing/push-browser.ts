import { afterEach } from 'vitest';

/** What the fake browser push stack saw: the worker registrations and the subscribe calls. */
export interface PushBrowserLog {
  permissionRequests: number;
  registrations: { url: string; scope: string | undefined }[];
  subscribeOptions: PushSubscriptionOptionsInit[];
}

export interface PushBrowserOptions {
  /** Notification.permission when the page loads. */
  permission?: NotificationPermission;
  /** What Notification.requestPermission answers. */
  answer?: NotificationPermission;
  /** PushManager.subscribe fails (the push service cannot be reached). */
  subscribeFails?: boolean;
}

/** The subscription the fake push manager hands out (a push service's endpoint and the browser's keys). */
export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/abc123',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

const GLOBALS = ['Notification', 'PushManager'] as const;

/**
 * Installs a fake of the browser's push stack for jsdom (which has none):
 * window.Notification (permission, requestPermission), window.PushManager and
 * navigator.serviceWorker (register → a registration whose worker is active,
 * pushManager.getSubscription/subscribe). Removed after the test.
 */
export function installPushBrowser(options: PushBrowserOptions = {}): PushBrowserLog {
  const log: PushBrowserLog = { permissionRequests: 0, registrations: [], subscribeOptions: [] };
  let subscription: PushSubscription | null = null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (init: PushSubscriptionOptionsInit) => {
      log.subscribeOptions.push(init);
      if (options.subscribeFails) throw new DOMException('push service not available', 'AbortError');
      subscription = {
        endpoint: FAKE_SUBSCRIPTION.endpoint,
        expirationTime: null,
        toJSON: () => FAKE_SUBSCRIPTION,
      } as unknown as PushSubscription;
      return subscription;
    },
  };
  const registration = { active: {}, scope: '', pushManager } as unknown as ServiceWorkerRegistration;
  const FakeNotification = {
    permission: options.permission ?? ('default' as NotificationPermission),
    async requestPermission(): Promise<NotificationPermission> {
      log.permissionRequests++;
      FakeNotification.permission = options.answer ?? 'granted';
      return FakeNotification.permission;
    },
  };
  Object.assign(window, { Notification: FakeNotification, PushManager: class PushManager {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, init?: RegistrationOptions) => {
        log.registrations.push({ url, scope: init?.scope });
        return registration;
      },
      ready: Promise.resolve(registration),
    },
  });
  return log;
}

/** Removes the fake (jsdom's own window has no push stack). */
export function removePushBrowser(): void {
  for (const name of GLOBALS) Reflect.deleteProperty(window, name);
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

afterEach(removePushBrowser);
