import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../env.ts';

/** Keys of the shop's counters in a Redis that other programs may share. */
export const RATE_LIMIT_NAMESPACE = 'shop-rate-limit:';

/**
 * Where @fastify/rate-limit counts: in Redis when REDIS_URL is set, so every
 * instance behind the load balancer counts against one limit per client
 * (ADR 022); in the process's memory otherwise. A Redis that stops answering
 * does not stop the shop: the request is let through (`skipOnError`) and the
 * client reconnects by itself.
 */
export async function rateLimitStore(
  app: FastifyInstance,
  env: Pick<Env, 'REDIS_URL'>,
): Promise<{ redis?: Redis; nameSpace?: string; skipOnError?: boolean }> {
  if (!env.REDIS_URL) return {};
  // Loaded only where it is used.
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, {
    // A request waits at most this long for a counter before it is let through.
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate limit store (Redis) error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true };
}
