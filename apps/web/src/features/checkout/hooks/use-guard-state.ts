import type { ClientRecord } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { getClient } from '../../../shared/api/customer.ts';
import { useConfig } from '../../../shared/config/config-store.ts';
import {
  readInvalidPayment,
  readLastAddedProduct,
  readPaymentSelection,
  readValidatedEmail,
} from '../../../shared/storage/checkout-storage.ts';
import type { GuardState } from '../utils/guards.ts';

/**
 * The client record (GET client) of a logged-in customer: server state through react-query.
 * `retryOnMount: false` for a reader that must not load it again after a failure (the
 * guards' reader would unmount it while loading, and each mount would load again).
 */
export function useClient(enabled: boolean, { retryOnMount = true }: { retryOnMount?: boolean } = {}) {
  return useQuery<ClientRecord>({
    queryKey: ['client'],
    queryFn: getClient,
    enabled,
    staleTime: 60_000,
    retryOnMount,
  });
}

/**
 * What the guards read (spec 4), from the configuration, the spec's storage keys
 * and, for a logged-in customer, the preferred payment: the configuration's, or
 * (from a server whose configuration lacks it) the client record's. `state` is
 * null while that record loads; a failed load counts as no preference (card).
 */
export function useGuardState(): { state: GuardState | null } {
  const config = useConfig();
  const fromConfig = config.preferred_payment;
  const client = useClient(config.loggedIn && fromConfig === undefined);
  if (config.loggedIn && fromConfig === undefined && client.isPending) return { state: null };
  return {
    state: {
      loggedIn: config.loggedIn,
      showCart: config.show_carrito,
      lastAddedProduct: readLastAddedProduct(),
      invalidPayment: readInvalidPayment() !== null || config.invalid_payment === true,
      validatedEmail: readValidatedEmail()?.email ?? null,
      preferredPayment: config.loggedIn
        ? (fromConfig ?? client.data?.payment.preferred_payment ?? null)
        : null,
      selection: readPaymentSelection(),
      now: Date.now(),
    },
  };
}
