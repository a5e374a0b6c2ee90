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

/** The client record (GET client) of a logged-in customer: server state through react-query. */
export function useClient(enabled: boolean) {
  return useQuery<ClientRecord>({ queryKey: ['client'], queryFn: getClient, enabled, staleTime: 60_000 });
}

/**
 * What the guards read (spec 4), from the configuration, the spec's storage keys
 * and, for a logged-in customer, the client's preferred payment. `state` is null
 * while the client record loads; a failed load counts as no preference (card).
 */
export function useGuardState(): { state: GuardState | null; client: ClientRecord | undefined } {
  const config = useConfig();
  const client = useClient(config.loggedIn);
  if (config.loggedIn && client.isPending) return { state: null, client: undefined };
  return {
    client: client.data,
    state: {
      loggedIn: config.loggedIn,
      showCart: config.show_carrito,
      lastAddedProduct: readLastAddedProduct(),
      invalidPayment: readInvalidPayment() !== null,
      validatedEmail: readValidatedEmail()?.email ?? null,
      preferredPayment: client.data?.payment.preferred_payment ?? null,
      selection: readPaymentSelection(),
      now: Date.now(),
    },
  };
}
