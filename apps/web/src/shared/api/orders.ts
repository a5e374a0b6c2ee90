import { type PedidosAnswer, PedidosOrOneAnswerSchema } from '@shop/domain';
import * as z from 'zod/mini';
import { api } from './client.ts';

/**
 * GET pedidos: the logged-in customer's orders. Silent (spec 8): a failure
 * shows no generic message and keeps the current configuration.
 */
export async function pedidos(): Promise<PedidosAnswer['pedidos']> {
  const answer = await api.get('pedidos', undefined, { silent: true });
  return z.parse(PedidosOrOneAnswerSchema, answer).pedidos;
}
