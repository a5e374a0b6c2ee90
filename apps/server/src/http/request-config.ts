import type { RuntimeConfig } from '@shop/domain';
import type { FastifyRequest } from 'fastify';
import type { ConfigInput } from '../modules/config/config.service.ts';
import { visitorOf } from '../modules/session/session.plugin.ts';

/** The runtime configuration of a request's session and store, for route handlers. */
export async function requestConfig(
  request: FastifyRequest,
  extra?: ConfigInput['extra'],
): Promise<RuntimeConfig> {
  const { session, store } = visitorOf(request);
  const origin = await request.server.knownOrigin(request);
  return request.server.runtimeConfig.build({ session, store, origin, extra });
}
