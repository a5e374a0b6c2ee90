import {
  APP_VERSION,
  type AutoProduct,
  officialChannelOf,
  type PaymentMethod,
  PaymentMethodSchema,
  type RuntimeConfig,
  RuntimeConfigSchema,
} from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { AutoProductListSchema, checkOnce } from '../../http/checked-answers.ts';
import { translate } from '../../http/translate.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { CatalogSnapshot } from '../catalog/catalog-snapshot.ts';
import { lastOrderSuccessOf } from '../conversion/conversion.ts';
import type { GatewayRegistry } from '../payments/gateway-registry.ts';
import { vapidConfig } from '../push/push.env.ts';
import type { Session } from '../session/session.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    runtimeConfig: RuntimeConfigService;
  }
}

/** What the runtime configuration is built from: plain data, no HTTP objects. */
export interface ConfigInput {
  session: Session;
  store: StoreRow;
  /**
   * The origin the request arrived at (`https://shop.example`) when its host is a known one, else ''
   * (the storefront then calls its own origin); used when PUBLIC_BASE_URL is unset.
   */
  origin: string;
  extra?: Partial<Pick<RuntimeConfig, 'municipio' | 'embedded'>> | undefined;
}

export interface RuntimeConfigService {
  /** The runtime configuration (spec 3) of a session in a store. */
  build(input: ConfigInput): Promise<RuntimeConfig>;
}

const shape = RuntimeConfigSchema.shape;

/** A value the checkout keeps in the session (lastOrder*), or its empty form when absent or malformed. */
function fromSession<K extends 'lastOrderId' | 'lastItemIds' | 'lastOrderProducts' | 'lastOrderPrice'>(
  data: Record<string, unknown>,
  key: K,
  empty: RuntimeConfig[K],
): RuntimeConfig[K] {
  // Most sessions have none of these: no failed parse (and its error object) per request.
  if (data[key] === undefined) return empty;
  const parsed = shape[key].safeParse(data[key]);
  return parsed.success ? (parsed.data as RuntimeConfig[K]) : empty;
}

/** The logged-in customer's preferred payment method: null when anonymous or none chosen. */
function preferredPaymentOf(session: Session): PaymentMethod | null {
  if (session.customerId === null || !session.customerPreferredPayment) return null;
  const parsed = PaymentMethodSchema.safeParse(session.customerPreferredPayment);
  return parsed.success ? parsed.data : null;
}

function setting<T>(store: StoreRow, key: string, guard: (v: unknown) => v is T): T | undefined {
  const value = store.settings[key];
  return guard(value) ? value : undefined;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * What the store offers and through which gateway (gateway-registry.ts
 * `offers`): exactly the methods a configured gateway takes, so the storefront
 * never shows a method that cannot be paid.
 */
function paymentOffers(gateways: GatewayRegistry, store: StoreRow) {
  const offers = gateways.offers(store);
  const methods: PaymentMethod[] = offers.map((o) => o.method);
  const byMethod: Partial<Record<PaymentMethod, string>> = {};
  for (const offer of offers) byMethod[offer.method] = offer.gateway.name;
  return { methods, gateways: byMethod };
}

/** A store's auto products, encoded once per catalogue snapshot (checked-answers.ts). */
const autoProductLists = new WeakMap<CatalogSnapshot, Map<number, AutoProduct[]>>();
function autoProductsOf(catalog: CatalogSnapshot, storeId: number): AutoProduct[] {
  let lists = autoProductLists.get(catalog);
  if (!lists) {
    lists = new Map();
    autoProductLists.set(catalog, lists);
  }
  let list = lists.get(storeId);
  if (!list) {
    list = checkOnce(AutoProductListSchema, catalog.autoProducts.get(storeId) ?? []);
    lists.set(storeId, list);
  }
  return list;
}

export function createRuntimeConfigService(app: FastifyInstance, env: Env): RuntimeConfigService {
  // Web Push on (VAPID keys set): the storefront subscribes with the public key (ADR 031).
  const vapidPublicKey = vapidConfig(env)?.publicKey;
  const service: RuntimeConfigService = {
    async build({ session, store, origin, extra = {} }) {
      const catalog = await app.catalog.snapshot();
      // No query for a visitor without a quote; a quote's view comes from memory while its version holds.
      const cart = await app.cart.view(session);
      const data = session.data;
      const offers = paymentOffers(app.gateways, store);
      return {
        store_id: store.id,
        language: store.language,
        form_key: session.formKey,
        base_url: env.PUBLIC_BASE_URL ?? origin,
        app_prefix: env.APP_PREFIX,
        embedded: extra.embedded ?? false,
        loggedIn: session.customerId !== null,
        portal_name: store.portalName,
        homepage: store.homepage,
        navbar_image: store.navbarImage,
        phone: store.phone,
        analytics_account: store.analyticsAccount ?? env.ANALYTICS_ID ?? null,
        tag_ids: store.tagIds,
        optimize_id: store.optimizeId,
        lastOrderId: fromSession(data, 'lastOrderId', null),
        lastItemIds: fromSession(data, 'lastItemIds', []),
        customerEmail: session.customerId !== null ? session.customerEmail : null,
        card_public_key: setting(store, 'card_public_key', isString) ?? null,
        nsCopy: setting(store, 'ns_copy', isString) ?? translate(store.language, 'ns.deliveryCopy'),
        municipio: extra.municipio ?? null,
        lastOrderProducts: fromSession(data, 'lastOrderProducts', []),
        lastOrderPrice: fromSession(data, 'lastOrderPrice', null),
        lastOrderSuccess: lastOrderSuccessOf(store, fromSession(data, 'lastOrderId', null)),
        show_carrito: setting(store, 'show_carrito', isBoolean) ?? true,
        payment_methods: offers.methods,
        payment_gateways: offers.gateways,
        payment_wallets: setting(store, 'wallets', isBoolean) ?? false,
        auto_products: autoProductsOf(catalog, store.id),
        cart,
        version: APP_VERSION,
        vat_rate_bp: store.vatRateBp,
        preferred_payment: preferredPaymentOf(session),
        invalid_payment: data.invalidPayment === true,
        payment_message: typeof data.paymentMessage === 'string' ? data.paymentMessage : null,
        last_success_id: typeof data.lastSuccessId === 'string' ? data.lastSuccessId : null,
        official_channel: officialChannelOf(store.id, store.settings.official_channel),
        ...(vapidPublicKey ? { vapid_public_key: vapidPublicKey } : {}),
      };
    },
  };
  return service;
}

export const runtimeConfigPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('runtimeConfig', createRuntimeConfigService(app, env));
  },
  { name: 'runtime-config', dependencies: ['catalog', 'sessions', 'cart', 'gateways'] },
);
