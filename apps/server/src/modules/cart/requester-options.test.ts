import { NotaSimpleFormSchema, PropertiesSearchFormSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { certificateForm, nsForm, qpForm } from '../../testing/cart.ts';
import { requesterOptions } from './requester-options.ts';

const ns = (over: Record<string, unknown> = {}) => z.parse(NotaSimpleFormSchema, nsForm(over));
const qp = (over: Record<string, unknown> = {}) => z.parse(PropertiesSearchFormSchema, qpForm(over));
const lines = (options: ReturnType<typeof requesterOptions>) =>
  options.map((o) => `${o.option_id} ${o.label}: ${o.print_value}`);

describe('requesterOptions', () => {
  it.each([
    ['a Nota Simple without requester data', 15867, ns(), []],
    [
      'the requester of a Nota Simple, the document upper-cased',
      15867,
      ns({
        solicitante_nombre: ' Gestoría López ',
        solicitante_documento: 'b28000016',
        interes_legitimo: 'Hipoteca',
      }),
      [
        '5941 Solicitante: Gestoría López',
        '5942 DNI / NIE / CIF del solicitante: B28000016',
        '5943 Interés legítimo: Hipoteca',
      ],
    ],
    [
      'the slow-registry urgent hours',
      15867,
      ns({ servicio_urgente_custom: true, servicio_urgente_custom_hours: 24 }),
      ['5944 Plazo de entrega urgente: 24 horas'],
    ],
    [
      'one hour',
      15867,
      ns({ servicio_urgente_custom: true, servicio_urgente_custom_hours: 1 }),
      ['5944 Plazo de entrega urgente: 1 hora'],
    ],
    [
      'hours without the custom urgent service are dropped',
      15867,
      ns({ servicio_urgente_custom: false, servicio_urgente_custom_hours: 24 }),
      [],
    ],
    [
      'the requester of a properties search',
      18357,
      qp({ solicitante_nombre: 'Ana' }),
      ['5941 Solicitante: Ana'],
    ],
    ['nothing for the Portuguese products', 18414, certificateForm() as never, []],
  ])('%s', (_name, productId, form, expected) => {
    expect(lines(requesterOptions(productId, form))).toEqual(expected);
  });
});
