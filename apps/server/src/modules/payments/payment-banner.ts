import type { GatewayRegistry } from './gateway-registry.ts';

/**
 * The start-up banner's payment part (server.ts): per store, each method it
 * offers and the gateway that takes it, and a warning for a store that offers
 * none (its customers could not pay: configure a gateway, docs/payments.md
 * "Choosing gateways").
 */
export function paymentBanner(
  gateways: GatewayRegistry,
  stores: readonly { id: number; portalName: string; paymentMethods: readonly string[] }[],
): { lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  if (gateways.sandboxEnabled)
    lines.push('Payments: the sandbox gateway is ON (test cards; PAYMENT_SANDBOX)');
  for (const store of [...stores].sort((a, b) => a.id - b.id)) {
    const offers = gateways.offers(store);
    if (offers.length === 0) {
      warnings.push(
        `Store ${store.id} (${store.portalName}) offers no payment method: no configured gateway takes ${store.paymentMethods.join(', ') || 'any of its methods'}`,
      );
      continue;
    }
    lines.push(
      `Store ${store.id} (${store.portalName}) takes ${offers.map((o) => `${o.method} by ${o.gateway.name}`).join(', ')}`,
    );
  }
  return { lines, warnings };
}
