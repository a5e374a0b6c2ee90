import { type PaymentMethod, PaymentMethodSchema } from '@shop/domain';
import type { PaymentGateway } from './gateway.ts';

/** The domain's method codes (one definition, packages/domain). */
export const PAYMENT_METHODS: readonly PaymentMethod[] = PaymentMethodSchema.options;

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

const CARD_METHODS: readonly PaymentMethod[] = ['cc', 'stripe', 'monei'];
const MULTIBANCO_METHODS: readonly PaymentMethod[] = ['multibanco', 'moneimultibanco'];

/** The methods that are one thing for the customer (card; Multibanco): which provider takes them is configuration. */
export function familyOf(method: PaymentMethod): readonly PaymentMethod[] {
  if (CARD_METHODS.includes(method)) return CARD_METHODS;
  if (MULTIBANCO_METHODS.includes(method)) return MULTIBANCO_METHODS;
  return [method];
}

/** True when the store lists `method` or another of its family. */
export function storeOffers(storeMethods: readonly string[], method: PaymentMethod): boolean {
  return familyOf(method).some((m) => storeMethods.includes(m));
}

/** The store's card method: the first of cc / stripe / monei it lists (cc when none). */
export function cardMethodOf(storeMethods: readonly string[]): PaymentMethod {
  return CARD_METHODS.find((m) => storeMethods.includes(m)) ?? 'cc';
}

/**
 * `PAYMENT_GATEWAYS` = comma list of `[storeId:]method=gateway`, e.g.
 * `cc=redsys,bizum=redsys,14:stripe=stripe`; a store entry wins over a general one.
 */
export function parseGatewaySelection(raw: string | undefined): Map<string, string> {
  const selection = new Map<string, string>();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^(?:(\d+):)?([a-z]+)=([a-z0-9_-]+)$/i.exec(entry);
    if (!match?.[2] || !match[3] || !isPaymentMethod(match[2])) {
      throw new Error(`PAYMENT_GATEWAYS: expected [storeId:]method=gateway, got "${entry}"`);
    }
    selection.set(match[1] ? `${match[1]}:${match[2]}` : match[2], match[3]);
  }
  return selection;
}

/** One method a store offers and the gateway that takes it. */
export interface Offer {
  method: PaymentMethod;
  gateway: PaymentGateway;
}

/**
 * The gateways of this process, built ONCE at start from the environment
 * (gateways.plugin.ts, `app.gateways`); tests build one with their own fakes.
 */
export interface GatewayRegistry {
  /** The sandbox is on (PAYMENT_SANDBOX; off by default in production). */
  readonly sandboxEnabled: boolean;
  /** A gateway by name (notice routes, refunds of a stored payment); undefined when not configured. */
  named(name: string): PaymentGateway | undefined;
  /** Every configured gateway (the sandbox when on, then the real adapters). */
  all(): readonly PaymentGateway[];
  /**
   * The gateway that takes `method` payments on `storeId`: PAYMENT_GATEWAYS's
   * store entry, then its general one; else the sandbox when on; else the first
   * configured adapter whose `methods` include it. Undefined: nobody takes it.
   */
  gatewayFor(storeId: number, method: PaymentMethod): PaymentGateway | undefined;
  /**
   * What a store offers (docs/payments.md "Choosing gateways"): for each method
   * it lists, the chosen gateway (as gatewayFor), or, when none is chosen and
   * the sandbox is off, the first adapter that takes a method of the same family
   * (a store listing `cc` with only Stripe configured offers card as `stripe`).
   * A listed method nobody takes is left out.
   */
  offers(store: { id: number; paymentMethods: readonly string[] }): Offer[];
  /**
   * The offer a customer's choice stands for: the method itself when offered,
   * else, when the store offers its family, the method as asked through the
   * sandbox (on) or the family's offered method (a retry asking `cc` of a store
   * whose card goes through `stripe`); undefined when the store offers neither.
   */
  offerFor(
    store: { id: number; paymentMethods: readonly string[] },
    method: PaymentMethod,
  ): Offer | undefined;
}

export function createGatewayRegistry(options: {
  /** The sandbox gateway (always built: its routes and notices exist only when `sandboxEnabled`). */
  sandbox: PaymentGateway;
  sandboxEnabled: boolean;
  /** The configured real adapters, in the order an implicit choice prefers them. */
  adapters: readonly PaymentGateway[];
  /** PAYMENT_GATEWAYS as written. */
  selection: string | undefined;
}): GatewayRegistry {
  const selection = parseGatewaySelection(options.selection);
  const byName = new Map<string, PaymentGateway>();
  if (options.sandboxEnabled) byName.set(options.sandbox.name, options.sandbox);
  for (const adapter of options.adapters) byName.set(adapter.name, adapter);
  // Refuse to start rather than fail each checkout: PAYMENT_GATEWAYS may only name gateways that exist.
  for (const [entry, name] of selection) {
    if (!byName.has(name)) {
      throw new Error(
        `PAYMENT_GATEWAYS sends ${entry} to "${name}", which is not configured (docs/payments.md)`,
      );
    }
  }
  const explicit = (storeId: number, method: PaymentMethod) => {
    const name = selection.get(`${storeId}:${method}`) ?? selection.get(method);
    return name === undefined ? undefined : byName.get(name);
  };

  const registry: GatewayRegistry = {
    sandboxEnabled: options.sandboxEnabled,
    named: (name) => byName.get(name),
    all: () => [...byName.values()],
    gatewayFor(storeId, method) {
      const chosen = explicit(storeId, method);
      if (chosen) return chosen;
      if (options.sandboxEnabled) return options.sandbox;
      return options.adapters.find((a) => a.methods.includes(method));
    },
    offers(store) {
      const offers: Offer[] = [];
      const add = (offer: Offer | undefined) => {
        if (offer && !offers.some((o) => o.method === offer.method)) offers.push(offer);
      };
      for (const listed of store.paymentMethods) {
        if (!isPaymentMethod(listed)) continue;
        const chosen = explicit(store.id, listed);
        if (chosen) add({ method: listed, gateway: chosen });
        else if (options.sandboxEnabled) add({ method: listed, gateway: options.sandbox });
        else add(implicitOffer(options.adapters, listed));
      }
      return offers;
    },
    offerFor(store, method) {
      const offers = registry.offers(store);
      const exact = offers.find((o) => o.method === method);
      if (exact) return exact;
      const family = offers.find((o) => familyOf(method).includes(o.method));
      if (!family) return undefined;
      // The sandbox plays every method: a family member the store does not list (Monei's) is played as asked.
      const chosen = options.sandboxEnabled ? registry.gatewayFor(store.id, method) : undefined;
      return chosen ? { method, gateway: chosen } : family;
    },
  };
  return registry;
}

/** The first adapter that takes a method of `listed`'s family, with the method it takes it as (its own order). */
function implicitOffer(adapters: readonly PaymentGateway[], listed: PaymentMethod): Offer | undefined {
  const family = familyOf(listed);
  for (const gateway of adapters) {
    const method = gateway.methods.find((m) => family.includes(m));
    if (method) return { method, gateway };
  }
  return undefined;
}
