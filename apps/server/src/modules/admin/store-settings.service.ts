import {
  type AdminStoreDetail,
  defaultOfficialChannel,
  type FieldError,
  OfficialChannelSchema,
  type StoreSettingsBody,
} from '@shop/domain';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { AppDb } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { invalidData, notFound } from '../../http/app-error.ts';
import { translate } from '../../http/translate.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import { issuerOf } from '../invoices/invoices.service.ts';
import { type GatewayRegistry, PAYMENT_METHODS } from '../payments/gateway-registry.ts';
import { type Actor, recordAudit } from './audit.ts';

export async function listStoresForAdmin(db: AppDb) {
  const rows = await db.select().from(stores).orderBy(asc(stores.id));
  return rows.map((s) => ({
    id: s.id,
    portal_name: s.portalName,
    language: s.language,
    homepage: s.homepage,
    payment_methods: s.paymentMethods,
  }));
}

async function storeRow(db: AppDb, id: number): Promise<StoreRow> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

const ownText = (value: unknown) => (typeof value === 'string' ? value : null);

/** The store as the settings screen shows it: the database's settings and what the environment decides. */
export async function storeSettingsOf(
  db: AppDb,
  gateways: GatewayRegistry,
  id: number,
): Promise<AdminStoreDetail> {
  const store = await storeRow(db, id);
  const methods = PAYMENT_METHODS.map((method) => {
    const [offer] = gateways.offers({ id: store.id, paymentMethods: [method] });
    return {
      method,
      gateway: offer?.gateway.name ?? null,
      offered_as: offer?.method ?? null,
      listed: store.paymentMethods.includes(method),
    };
  });
  const channel = z.safeParse(OfficialChannelSchema, store.settings.official_channel);
  const own = store.settings.issuer as Record<string, unknown> | undefined;
  const issuer = issuerOf(store);
  return {
    id: store.id,
    portal_name: store.portalName,
    language: store.language,
    homepage: store.homepage,
    phone: store.phone,
    methods,
    offered: gateways.offers(store).map((o) => ({ method: o.method, gateway: o.gateway.name })),
    gateways: gateways.all().map((g) => ({ name: g.name, methods: [...g.methods] })),
    sandbox: gateways.sandboxEnabled,
    wallets: store.settings.wallets === true,
    ns_copy: ownText(store.settings.ns_copy),
    ns_copy_default: translate(store.language, 'ns.deliveryCopy'),
    official_channel: channel.success ? channel.data : null,
    official_channel_default: defaultOfficialChannel(store.id),
    issuer: {
      name: issuer.name,
      tax_id: issuer.taxId,
      address: issuer.address,
      source: own && ownText(own.name) && ownText(own.tax_id) ? 'store' : 'environment',
    },
    conversion_script:
      typeof store.settings.conversion_script === 'string' && store.settings.conversion_script !== '',
  };
}

/** Refuses, field by field, a method no gateway configured on this server would take on this store. */
function methodsWithoutGateway(
  gateways: GatewayRegistry,
  storeId: number,
  body: StoreSettingsBody,
): FieldError[] {
  return body.payment_methods.flatMap((method, index) =>
    gateways.offers({ id: storeId, paymentMethods: [method] }).length > 0
      ? []
      : [{ path: `payment_methods.${index}`, message: 'no_gateway' }],
  );
}

/**
 * Saves the database's part of a store's settings, audited as `store.settings`
 * with what changed (before / after). The caller refreshes the catalogue's
 * memory (stores live there) on every instance.
 */
export async function saveStoreSettings(
  db: AppDb,
  gateways: GatewayRegistry,
  actor: Actor,
  id: number,
  body: StoreSettingsBody,
): Promise<void> {
  const refused = methodsWithoutGateway(gateways, id, body);
  if (refused.length > 0) throw invalidData(refused);
  await db.transaction(async (tx) => {
    const [store] = await tx.select().from(stores).where(eq(stores.id, id)).for('update');
    if (!store) throw notFound();
    const settings: Record<string, unknown> = { ...store.settings, wallets: body.wallets };
    if (body.ns_copy === null || body.ns_copy === '') delete settings.ns_copy;
    else settings.ns_copy = body.ns_copy;
    if (body.official_channel === null) delete settings.official_channel;
    else settings.official_channel = body.official_channel;
    const editable = (
      s: StoreRow | { phone: string; paymentMethods: string[]; settings: Record<string, unknown> },
    ) => ({
      phone: s.phone,
      payment_methods: s.paymentMethods,
      wallets: s.settings.wallets === true,
      ns_copy: ownText(s.settings.ns_copy),
      official_channel: s.settings.official_channel ?? null,
    });
    const next = { phone: body.phone, paymentMethods: body.payment_methods, settings };
    await tx.update(stores).set(next).where(eq(stores.id, id));
    await recordAudit(tx, actor, {
      action: 'store.settings',
      entity: 'store',
      entityId: id,
      before: editable(store),
      after: editable(next),
    });
  });
}
