import type { Cart, CartItem, RuntimeConfig } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import { send, type TestSession } from './app.ts';

/** What an add or update call answers. */
export interface ItemAnswer {
  ok: boolean;
  message?: string;
  config: RuntimeConfig;
  item: CartItem;
  errors?: { path: string; message: string }[];
}

/** POST a cart call as the session's browser (cookie, form key header; the new cookie and key are kept). */
export async function postCart(
  app: FastifyInstance,
  session: TestSession,
  path: string,
  payload: Record<string, unknown>,
) {
  const response = await send(app, session, { method: 'POST', url: `/desktopapp/rest/${path}`, payload });
  return { status: response.statusCode, body: response.json() as ItemAnswer };
}

export async function getCart(app: FastifyInstance, session: TestSession): Promise<Cart> {
  const response = await send(app, session, { url: '/desktopapp/rest/cart', formKey: false });
  if (response.statusCode !== 200) throw new Error(`GET cart answered ${response.statusCode}`);
  return (response.json() as { cart: Cart }).cart;
}

export async function deleteItem(app: FastifyInstance, session: TestSession, id: number) {
  const response = await send(app, session, { url: `/desktopapp/rest/delquoteitem?id=${id}` });
  return { status: response.statusCode, body: response.json() as ItemAnswer };
}

const steps = (names: string[]) => Object.fromEntries(names.map((name) => [name, true]));

/** A complete Nota Simple form (spec 3 field names). */
export const nsForm = (over: Record<string, unknown> = {}) => ({
  quiere_una_ns: true,
  conoce_nombre_propietario: true,
  nombre: 'Ana Pérez García',
  direccion: 'Calle Mayor 1, 2º B',
  municipio: 'Madrid',
  provincia: 'Madrid',
  otros_datos: '',
  servicio_urgente: false,
  ...steps(['step1', 'step2', 'step3', 'step4', 'step5', 'step6']),
  ...over,
});

/** A complete properties search form for a person. */
export const qpForm = (over: Record<string, unknown> = {}) => ({
  nombre_persona: 'Ana Pérez García',
  dni: '12345678Z',
  nombre_empresa: '',
  num_propiedades: '10',
  opcion_persona: true,
  opcion_empresa: false,
  ...steps(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7']),
  ...over,
});

/** A complete Certidão Permanente form, identified by the description number in ficha. */
export const certificateForm = (over: Record<string, unknown> = {}) => ({
  distrito_concelho_freguesia: 'Lisboa / Lisboa / Alvalade',
  forma_identificar_ficha: true,
  num_ficha: '1234',
  quiere_un_certidao: true,
  ...steps(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7', 'step8']),
  ...over,
});

/** A complete Informação Predial Simplificada form. */
export const ipredialForm = (over: Record<string, unknown> = {}) => ({
  distrito_concelho_freguesia: 'Porto / Porto / Bonfim',
  tiene_numero: true,
  num_ficha: '987',
  urgente: false,
  quiere_un_predial: true,
  ...steps(['step1', 'step2', 'step21', 'step3', 'step4', 'step5']),
  ...over,
});

/** The options of a cart item as `id=value` strings, for compact comparisons. */
export const optionPairs = (item: CartItem | undefined) =>
  (item?.options ?? []).map((option) => `${option.option_id}=${option.value}`);

type Value = [optionId: number, type: string, value: string];

/** A generic form for `productId` from [option_id, type, value] triples. */
export const genericForm = (productId: number, values: Value[], over: Record<string, unknown> = {}) => ({
  product_id: productId,
  values: values.map(([option_id, type, value]) => ({ option_id, product_id: productId, type, value })),
  ...over,
});

/** The energy certificate (18464) with every required answer: a house of 91-150 m². */
export const energyValues = (): Value[] => [
  [2401, 'radio_button', '6402'],
  [2402, 'drop_down', '6406'],
  [2403, 'municipio', 'Madrid'],
  [2404, 'field', 'Calle Mayor 1, 2º B'],
  [2406, 'radio', '6409'],
  [2408, 'field', 'Ana Pérez'],
  [2409, 'field', '600111222'],
];
