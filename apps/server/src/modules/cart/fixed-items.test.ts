import {
  CertificateFormSchema,
  NotaSimpleFormSchema,
  PropertiesSearchFormSchema,
  SimplifiedReportFormSchema,
} from '@shop/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { certificateForm, ipredialForm, nsForm, qpForm } from '../../testing/cart.ts';
import {
  certificateValues,
  notaSimpleValues,
  propertiesSearchValues,
  simplifiedReportValues,
} from './fixed-items.ts';

const parse = <T extends z.ZodMiniType>(schema: T, input: unknown) => z.parse(schema, input) as z.infer<T>;

describe('notaSimpleValues', () => {
  it.each([
    ['known owner', nsForm(), { 77: 'Ana Pérez García', 411: '5901' }],
    ['owner "Desconocido" is left out', nsForm({ nombre: 'Desconocido' }), { 77: undefined }],
    ['urgent', nsForm({ servicio_urgente: true }), { 411: '3782' }],
    [
      'urgent in the slow-registry branch',
      nsForm({ servicio_urgente_custom: true, servicio_urgente_custom_hours: 24 }),
      { 411: '3782' },
    ],
    ['other data trimmed', nsForm({ otros_datos: '  Finca 12  ' }), { 74: 'Finca 12' }],
  ])('%s', (_name, form, expected) => {
    const values: Record<number, string | undefined> = notaSimpleValues(parse(NotaSimpleFormSchema, form));
    for (const [id, value] of Object.entries(expected)) expect(values[Number(id)]).toBe(value);
  });
});

describe('propertiesSearchValues', () => {
  it.each([
    ['all', '5930'],
    ['50', '5931'],
    ['25', '5932'],
    ['10', '5933'],
    ['3', '5934'],
    ['1', '5935'],
  ])('num_propiedades %s -> 1041 = %s', (count, value) => {
    expect(
      propertiesSearchValues(parse(PropertiesSearchFormSchema, qpForm({ num_propiedades: count })))[1041],
    ).toBe(value);
  });

  it('takes the company name for a company and upper-cases the tax id', () => {
    const form = qpForm({
      opcion_persona: false,
      opcion_empresa: true,
      nombre_empresa: 'Ejemplo S.L.',
      dni: 'b28000016',
    });
    expect(propertiesSearchValues(parse(PropertiesSearchFormSchema, form))).toEqual({
      1038: 'Ejemplo S.L.',
      1040: 'B28000016',
      1041: '5933',
    });
  });
});

describe('certificateValues', () => {
  it('keeps only the chosen mode’s fields', () => {
    const form = certificateForm({
      forma_identificar_ficha: false,
      forma_identificar_matricial: true,
      tipo_urbana: true,
      numero_artigo: '77',
      num_ficha: '1234',
      num_livro: '9',
    });
    expect(certificateValues(parse(CertificateFormSchema, form))).toEqual({
      1369: 'Lisboa / Lisboa / Alvalade',
      1366: '3871',
      1353: '3866',
      1352: '77',
    });
  });

  it('leaves the unit out without horizontal property', () => {
    const form = certificateForm({ prop_horizontal: false, prop_horizontal_fracao: 'A' });
    expect(certificateValues(parse(CertificateFormSchema, form))[1351]).toBeUndefined();
  });
});

describe('simplifiedReportValues', () => {
  it.each([
    ['with the ficha number', ipredialForm(), { 1430: '987', 1427: '5920' }],
    ['without it', ipredialForm({ tiene_numero: false, num_ficha: '987' }), { 1430: undefined }],
    ['urgent', ipredialForm({ urgente: true }), { 1427: '3909' }],
  ])('%s', (_name, form, expected) => {
    const values: Record<number, string | undefined> = simplifiedReportValues(
      parse(SimplifiedReportFormSchema, form),
    );
    for (const [id, value] of Object.entries(expected)) expect(values[Number(id)]).toBe(value);
  });
});
