import { describe, expect, it } from 'vitest';
import { blankForm, formFrom } from './form-defaults.ts';
import {
  CertificateFormSchema,
  NotaSimpleFormSchema,
  PropertiesSearchFormSchema,
  SimplifiedReportFormSchema,
} from './forms.ts';

describe('blank forms from the schemas', () => {
  it.each([
    [NotaSimpleFormSchema, { nombre: '', direccion: '', servicio_urgente_custom_hours: null, step51: false }],
    [PropertiesSearchFormSchema, { num_propiedades: '', opcion_persona: false, dni: '', step7: false }],
    [
      CertificateFormSchema,
      { distrito_concelho_freguesia: '', forma_identificar_livro: false, step8: false },
    ],
    [SimplifiedReportFormSchema, { tiene_numero: false, num_ficha: '', step21: false }],
  ])('%# has every field blank', (schema, sample) => {
    const blank = blankForm(schema);
    expect(Object.keys(blank).sort()).toEqual(
      Object.keys(schema.shape)
        .filter((key) => key !== 'origin' && key !== 'origin_id')
        .sort(),
    );
    expect(blank).toMatchObject(sample);
    for (const value of Object.values(blank)) expect([false, '', null]).toContain(value);
  });

  it('leaves optional fields without a default out (the properties search origin)', () => {
    expect('origin' in blankForm(PropertiesSearchFormSchema)).toBe(false);
  });
});

describe('forms read from untrusted places', () => {
  it('keeps known fields of the right type, as typed, and drops the rest', () => {
    const form = formFrom(NotaSimpleFormSchema, {
      direccion: 42,
      nombre: 'Ana ',
      evil: 'x',
      step2: true,
      servicio_urgente_custom_hours: 48,
    });
    expect(form).toMatchObject({
      direccion: '',
      nombre: 'Ana ',
      step2: true,
      servicio_urgente_custom_hours: 48,
    });
    expect('evil' in form).toBe(false);
  });

  it('accepts an optional field when the schema does', () => {
    expect(formFrom(PropertiesSearchFormSchema, { origin: 'ns', origin_id: 42 })).toMatchObject({
      origin: 'ns',
      origin_id: 42,
    });
    expect('origin' in formFrom(PropertiesSearchFormSchema, { origin: ['ns'] })).toBe(false);
  });

  it.each([null, 'text', [1, 2], undefined])('reads %j as the blank form', (raw) => {
    expect(formFrom(CertificateFormSchema, raw)).toEqual(blankForm(CertificateFormSchema));
  });
});
