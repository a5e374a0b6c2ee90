import type { CheckoutNext, Language, PaymentMethod } from '@shop/domain';
import type { AppDb } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { settleStaleAttempt } from './payment-jobs.ts';
import { recordAttempt, runAttempt } from './payment-start.ts';
import { lastPayment, type Owner, ownedOrder } from './payments.repository.ts';

/**
 * A new attempt to pay an existing order (spec 7 otherMethods*, moneiPaymentIntent):
 * the owner's unpaid order, by the method the customer chose when the store
 * offers it (or the offered method of its family: `cc` asked of a store whose
 * card goes through `stripe`); attempt N+1 of the SAME order. An attempt still
 * being started is resolved first when stale (409 while fresh). The gateway is
 * called after the attempt's transaction commits (payment-start.ts).
 */
export async function retryPayment(
  db: AppDb,
  gateways: GatewayRegistry,
  input: Owner & {
    orderId: string;
    method: PaymentMethod;
    store: { id: number; paymentMethods: readonly string[] };
    baseUrl: string;
    language: Language;
  },
): Promise<{ next: CheckoutNext; attempt: number; method: PaymentMethod }> {
  const order = await ownedOrder(db, input, input.orderId);
  const offer = gateways.offerFor(input.store, input.method);
  if (!offer) {
    throw new AppError('invalid_data', 'validation', [{ path: 'paymethod', message: 'invalid_option' }]);
  }
  await settleStaleAttempt(db, gateways, await lastPayment(db, order.id));
  const attempt = await db.transaction((tx) =>
    recordAttempt(tx, { orderId: order.id, method: offer.method, gateway: offer.gateway }),
  );
  const next = await runAttempt(db, attempt, {
    fields: {},
    baseUrl: input.baseUrl,
    language: input.language,
  });
  return { next, attempt: attempt.attempt, method: offer.method };
}
