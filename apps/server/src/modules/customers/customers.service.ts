import {
  type Billing,
  type ClientData,
  type ClientRecord,
  isPortugueseStore,
  type Language,
  LEGAL_TEXT_VERSIONS,
  type PaymentMethod,
} from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import type { Visitor } from '../cart/cart.service.ts';
import type { StoreRow } from '../catalog/catalog.repository.ts';
import type { Session } from '../session/session.service.ts';
import { checkBilling, recordOf } from './client-record.ts';
import {
  type CustomerRow,
  claimSessionQuote,
  deleteExpiredResets,
  findCustomer,
  findCustomerByEmail,
  insertCustomerWithConsent,
  regionsFor,
  updateCustomer,
} from './customers.repository.ts';
import { verifyPassword } from './password.ts';
import { rememberPassword, resetPassword } from './password-reset.ts';
import {
  accountKey,
  addressKey,
  clearFailures,
  deleteStaleThrottles,
  isBlocked,
  recordFailure,
} from './throttle.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersService;
  }
}

/** What registering a customer takes (checkout of a new customer). */
export interface RegisterInput {
  storeId: number;
  language: Language;
  email: string;
  /** A password chosen at registration; without one the customer sets it later through a reset link. */
  passwordHash: string | null;
  billing?: Billing | undefined;
  clientAddress: string;
}

export interface CustomersService {
  /** Whether a customer is registered with the e-mail (register's checkEmail, the only answer that tells). */
  isRegistered(email: string): Promise<boolean>;
  /**
   * Log in: throttled per account and per client address (429), the same 401
   * for an unknown e-mail and a wrong password; on success the session moves to
   * a new id with the customer, keeping its cart.
   */
  authenticate(
    visitor: Visitor,
    input: { email: string; pass: string; clientAddress: string },
  ): Promise<Session>;
  /** Log out: the session is deleted and a new anonymous one (a new id) answered. */
  logout(visitor: Visitor): Promise<Session>;
  /**
   * Sends a single-use, time-limited reset link to the e-mail when a customer
   * has it; answers nothing either way (the caller says the same to everyone).
   */
  rememberPassword(input: {
    store: StoreRow;
    email: string;
    path: string | undefined;
    baseUrl: string;
  }): Promise<void>;
  /** Sets a new password from a reset link's token (used once), ends the customer's other sessions, logs in. */
  resetPassword(visitor: Visitor, input: { token: string; pass: string }): Promise<Session>;
  /** The logged-in customer's client record (401 when nobody is logged in). */
  client(visitor: Visitor): Promise<ClientRecord>;
  /** Changes the client record (clientupdate); billing data checked by the store's rules. */
  updateClient(visitor: Visitor, data: ClientData): Promise<ClientRecord>;
  /**
   * Creates a customer inside the caller's transaction and records their
   * acceptance of the privacy policy and the contracting conditions (time, text
   * versions); 409 'customerExists' when the e-mail is registered.
   */
  register(tx: AppDb, input: RegisterInput): Promise<number>;
  /** The customer a session is logged in as; 401 when none. */
  requireCustomer(session: Session): Promise<CustomerRow>;
  /** Deletes the throttle counts whose window and block are over at `now`, and the reset links expired by then. */
  removeStaleThrottles(now: Date): Promise<number>;
  /** How long a blocked e-mail or address waits (the Retry-After of a 429). */
  readonly throttleSeconds: number;
}

export function createCustomersService(app: FastifyInstance, env: Env): CustomersService {
  const db = app.db;
  const limits = {
    account: env.LOGIN_MAX_FAILURES_ACCOUNT,
    address: env.LOGIN_MAX_FAILURES_ADDRESS,
    windowMs: env.LOGIN_THROTTLE_MINUTES * 60_000,
  };
  const regionLists = new Map<boolean, Promise<{ id: number; name: string }[]>>();
  const regions = (storeId: number) => {
    const portuguese = isPortugueseStore(storeId);
    let list = regionLists.get(portuguese);
    if (!list) {
      list = regionsFor(db, portuguese);
      list.catch(() => regionLists.delete(portuguese));
      regionLists.set(portuguese, list);
    }
    return list;
  };

  /** Logs the session in as `customerId` under a new id; `work` runs first in the same transaction. */
  async function logIn(
    visitor: Visitor,
    customerId: number,
    work?: (tx: AppDb, sessionId: string) => Promise<void>,
  ) {
    const { session } = await app.sessions.renew(visitor.session, visitor.store.id, async (tx, sessionId) => {
      if (work) await work(tx, sessionId);
      await claimSessionQuote(tx, sessionId, customerId);
      return { result: undefined, customerId };
    });
    return session;
  }

  const service: CustomersService = {
    async isRegistered(email) {
      return (await findCustomerByEmail(db, email)) !== null;
    },

    async authenticate(visitor, { email, pass, clientAddress }) {
      const keys = [accountKey(email), addressKey(clientAddress)];
      const now = new Date();
      if (await isBlocked(db, keys, now)) throw new AppError('throttled', 'tooManyLogins');
      const customer = await findCustomerByEmail(db, email);
      const ok = await verifyPassword(customer?.passwordHash ?? null, pass);
      if (!customer || !ok) {
        await recordFailure(db, keys[0] as string, limits.account, limits.windowMs, now);
        await recordFailure(db, keys[1] as string, limits.address, limits.windowMs, now);
        throw new AppError('unauthorized', 'wrongCredentials');
      }
      await clearFailures(db, keys[0] as string);
      return logIn(visitor, customer.id);
    },

    async logout(visitor) {
      return app.sessions.end(visitor.session, visitor.store.id);
    },

    rememberPassword: (input) => rememberPassword(app, env, input),

    resetPassword: (visitor, input) => resetPassword(app, visitor, input),

    async requireCustomer(session) {
      if (session.customerId === null) throw new AppError('unauthorized', 'unauthorized');
      const customer = await findCustomer(db, session.customerId);
      if (!customer) throw new AppError('unauthorized', 'unauthorized');
      return customer;
    },

    async client(visitor) {
      const customer = await service.requireCustomer(visitor.session);
      return recordOf(customer, await regions(visitor.store.id));
    },

    async updateClient(visitor, data) {
      const customer = await service.requireCustomer(visitor.session);
      const storeRegions = await regions(visitor.store.id);
      const patch: Parameters<typeof updateCustomer>[2] = {};
      if (data.firstname !== undefined) patch.firstname = data.firstname;
      if (data.lastname !== undefined) patch.lastname = data.lastname;
      if (data.region_id !== undefined) {
        if (data.region_id !== null && !storeRegions.some((r) => r.id === data.region_id))
          throw invalidField('data.region_id', 'invalid_option');
        patch.regionId = data.region_id;
      }
      if (data.billing !== undefined)
        patch.billing = checkBilling(visitor.store.id, data.billing, 'data.billing');
      if (data.payment !== undefined) {
        const preferred: PaymentMethod | null = data.payment.preferred_payment;
        if (preferred !== null && !visitor.store.paymentMethods.includes(preferred))
          throw invalidField('data.payment.preferred_payment', 'invalid_option');
        patch.preferredPayment = preferred ?? '';
        const details = { ...(customer.paymentDetails as Record<string, unknown>) };
        if (data.payment.bank !== undefined) details.bank = data.payment.bank;
        if (data.payment.paypal !== undefined) details.paypal = data.payment.paypal;
        patch.paymentDetails = details;
      }
      await updateCustomer(db, customer.id, patch);
      const updated = await findCustomer(db, customer.id);
      if (!updated) throw new AppError('unauthorized', 'unauthorized');
      return recordOf(updated, storeRegions);
    },

    async register(tx, input) {
      const id = await insertCustomerWithConsent(
        tx,
        {
          storeId: input.storeId,
          email: input.email,
          passwordHash: input.passwordHash,
          billing: input.billing ? { ...input.billing } : {},
        },
        {
          privacyVersion: LEGAL_TEXT_VERSIONS.privacy,
          conditionsVersion: LEGAL_TEXT_VERSIONS.conditions,
          language: input.language,
          clientAddress: input.clientAddress,
        },
      );
      if (id === null) throw new AppError('conflict', 'customerExists');
      return id;
    },

    async removeStaleThrottles(now) {
      const windowStart = new Date(now.getTime() - limits.windowMs);
      return (await deleteStaleThrottles(db, windowStart, now)) + (await deleteExpiredResets(db, now));
    },
    throttleSeconds: env.LOGIN_THROTTLE_MINUTES * 60,
  };
  return service;
}

export const customersPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.decorate('customers', createCustomersService(app, env));
  },
  { name: 'customers', dependencies: ['database', 'sessions'] },
);
