import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client.ts';
import {
  customerConsents,
  customers,
  esProvinces,
  passwordResets,
  ptDistritos,
  quotes,
} from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer registered with an e-mail (compared lower-cased, as the unique index does). */
export async function findCustomerByEmail(db: AppDb, email: string): Promise<CustomerRow | null> {
  const rows = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findCustomer(db: AppDb, id: number): Promise<CustomerRow | null> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a customer and the consent its registration accepted, in one
 * statement (issue 22); null when the e-mail is already registered (the
 * unique index decides, also under races): the consent is inserted from the
 * customer's RETURNING, so then neither is.
 */
export async function insertCustomerWithConsent(
  tx: AppDb,
  values: { storeId: number; email: string; passwordHash: string | null; billing: Record<string, string> },
  consent: Omit<typeof customerConsents.$inferInsert, 'customerId' | 'storeId' | 'acceptedAt' | 'id'>,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`WITH customer AS (
          INSERT INTO ${customers} (store_id, email, password_hash, billing)
          VALUES (${values.storeId}::int, ${values.email}::text, ${values.passwordHash}::text,
                  ${JSON.stringify(values.billing)}::jsonb)
          ON CONFLICT DO NOTHING RETURNING id
        ), consent AS (
          INSERT INTO ${customerConsents}
            (customer_id, store_id, privacy_version, conditions_version, language, client_address)
          SELECT customer.id, ${values.storeId}::int, ${consent.privacyVersion}::text,
                 ${consent.conditionsVersion}::text, ${consent.language}::text, ${consent.clientAddress ?? null}::text
          FROM customer
        )
        SELECT id FROM customer`,
  );
  return row ? Number(row.id) : null;
}

export async function setPassword(tx: AppDb, customerId: number, passwordHash: string): Promise<void> {
  await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customerId));
}

export async function updateCustomer(
  tx: AppDb,
  customerId: number,
  patch: Partial<
    Pick<
      CustomerRow,
      'firstname' | 'lastname' | 'regionId' | 'billing' | 'preferredPayment' | 'paymentDetails'
    >
  >,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(customers).set(patch).where(eq(customers.id, customerId));
}

export async function consentsOf(db: AppDb, customerId: number) {
  return db
    .select()
    .from(customerConsents)
    .where(eq(customerConsents.customerId, customerId))
    .orderBy(asc(customerConsents.id));
}

export async function insertReset(
  tx: AppDb,
  values: { customerId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResets).values(values);
}

/** How many reset links a customer was sent since `since` (bounds the mails one address can trigger). */
export async function countResetsSince(db: AppDb, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.customerId, customerId), gte(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Uses a reset token once: marks it used and answers its customer, in one
 * statement, so two concurrent uses cannot both succeed; null when the token is
 * unknown, used or expired. Every other open link of the customer is spent too.
 */
export async function consumeReset(tx: AppDb, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ customerId: passwordResets.customerId });
  const customerId = rows[0]?.customerId ?? null;
  if (customerId !== null) {
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
  }
  return customerId;
}

/** The session's open quote becomes the customer's (log in, register). */
export async function claimSessionQuote(tx: AppDb, sessionId: string, customerId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ customerId })
    .where(and(eq(quotes.sessionId, sessionId), eq(quotes.status, 'open')));
}

/** The regions a client record may name: Spanish provinces, or Portuguese districts on Portuguese stores. */
export async function regionsFor(db: AppDb, portuguese: boolean): Promise<{ id: number; name: string }[]> {
  const table = portuguese ? ptDistritos : esProvinces;
  const rows = await db.select({ code: table.code, name: table.name }).from(table).orderBy(asc(table.code));
  return rows
    .map((row) => ({ id: Number(row.code), name: row.name }))
    .filter((r) => Number.isSafeInteger(r.id));
}

/** Deletes reset links that expired before `before` (used or not); answers how many. */
export async function deleteExpiredResets(db: AppDb, before: Date): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, before))
    .returning({ id: passwordResets.id });
  return rows.length;
}
