import { signedNoticeRoutes } from '../signed-notice-route.ts';
import { IgnoredMoneiCallback, MONEI_NOTIFY_PATH } from './monei.gateway.ts';

/**
 * POST /payments/monei/notify: Monei's callback (the payment's `callbackUrl`),
 * the Payment object as JSON, signed in MONEI-Signature (signed-notice-route.ts).
 */
export const moneiNotifyRoutes = signedNoticeRoutes({
  path: MONEI_NOTIFY_PATH,
  gateway: 'monei',
  contentType: 'application/json',
  bodyLimit: 256 * 1024,
  ignored: (err) => err instanceof IgnoredMoneiCallback,
});
