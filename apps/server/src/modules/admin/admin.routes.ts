import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '../../env.ts';
import { calendarsAdminRoutes } from '../calendars/calendars-admin.routes.ts';
import { lateRefundAdminRoutes } from '../calendars/late-refund.routes.ts';
import { invoiceRegisterRoutes } from '../invoices/invoice-register.routes.ts';
import { verifactuAdminRoutes } from '../verifactu/verifactu-admin.routes.ts';
import { registerAdminGuards } from './admin.plugin.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import { auditAdminRoutes } from './audit-admin.routes.ts';
import { catalogAdminRoutes } from './catalog-admin.routes.ts';
import { creditNotesAdminRoutes } from './credit-notes-admin.routes.ts';
import { locatedAdminRoutes } from './located-admin.routes.ts';
import { mailAdminRoutes } from './mail-admin.routes.ts';
import { ordersAdminRoutes } from './orders-admin.routes.ts';
import { storeSettingsAdminRoutes } from './store-settings-admin.routes.ts';
import { totpAdminRoutes } from './totp-admin.routes.ts';

/** The back-office API, mounted at /admin/api: its guards, then its routes. */
export const adminApiRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const { sessions, cookies, secondFactor } = await registerAdminGuards(app, env);
  await app.register(adminAuthRoutes, { sessions, cookies });
  await app.register(totpAdminRoutes, { secondFactor, cookies });
  await app.register(ordersAdminRoutes, { env });
  await app.register(creditNotesAdminRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(storeSettingsAdminRoutes);
  await app.register(mailAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(verifactuAdminRoutes);
  await app.register(invoiceRegisterRoutes);
  await app.register(locatedAdminRoutes, { env });
  await app.register(calendarsAdminRoutes);
  await app.register(lateRefundAdminRoutes);
};
