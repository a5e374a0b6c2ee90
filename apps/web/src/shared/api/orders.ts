import { ApiAnswerSchema, type PedidosAnswer, PedidosOrOneAnswerSchema } from '@shop/domain';
import { getConfig } from '../config/config-store.ts';
import { api } from './client.ts';

/**
 * GET pedidos: the logged-in customer's orders. Silent (spec 8): a failure
 * shows no generic message and keeps the current configuration.
 */
export async function pedidos(): Promise<PedidosAnswer['pedidos']> {
  const answer = await api.get(PedidosOrOneAnswerSchema, 'pedidos', undefined, { silent: true });
  return answer.pedidos;
}

/** GET pedidos?id=: one of the customer's orders (the incident form reads its open incident). */
export async function pedido(orderId: string): Promise<PedidosAnswer['pedidos'][number] | null> {
  const answer = await api.get(PedidosOrOneAnswerSchema, 'pedidos', { id: orderId });
  return answer.pedidos[0] ?? null;
}

/**
 * POST uploadForm?form_id=&order_id= (spec 7): the incident form (json_form) and
 * the customer's answers (json_values, the generic form's values), as JSON text.
 */
export function uploadForm(
  formId: number,
  orderId: string,
  form: Record<string, unknown>,
  values: { option_id: number; product_id: number; type: string; value: string }[],
) {
  return api.post(
    ApiAnswerSchema,
    'uploadForm',
    { config: getConfig(), json_form: JSON.stringify(form), json_values: JSON.stringify(values) },
    { form_id: formId, order_id: orderId },
  );
}
