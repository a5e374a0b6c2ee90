import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { errorsOf as errors } from '../testing/errors.ts';
import {
  CertificateFormSchema,
  NotaSimpleFormSchema,
  PropertiesSearchFormSchema,
  SimplifiedReportFormSchema,
} from './forms.ts';
import { AssociatedGenericFormSchema, GenericFormSchema } from './generic-forms.ts';

describe('Nota Simple form', () => {
  const base = { direccion: 'Calle Mayor 1', municipio: 'Madrid', provincia: 'Madrid' };
  it('fills omitted fields with their defaults', () => {
    const form = z.parse(NotaSimpleFormSchema, { ...base, step1: true });
    expect(form).toMatchObject({
      nombre: '',
      otros_datos: '',
      quiere_una_ns: false,
      servicio_urgente: false,
      servicio_urgente_custom_hours: null,
      step1: true,
      step51: false,
      step52: false,
    });
  });
  it('trims text fields and drops unknown keys', () => {
    const form = z.parse(NotaSimpleFormSchema, { ...base, nombre: '  Ana  ', hacker: 1 });
    expect(form.nombre).toBe('Ana');
    expect('hacker' in form).toBe(false);
  });
  it.each([
    ['valid with blank owner', base, []],
    ['owner known and named', { ...base, conoce_nombre_propietario: true, nombre: 'Ana' }, []],
    [
      'owner known but blank',
      { ...base, conoce_nombre_propietario: true, nombre: ' ' },
      ['nombre: required'],
    ],
    ['address missing', { municipio: 'Madrid', provincia: 'Madrid' }, ['direccion: required']],
    ['address blank', { ...base, direccion: '   ' }, ['direccion: required']],
    ['municipality not a string', { ...base, municipio: 5 }, ['municipio: invalid_type']],
    ['too long', { ...base, otros_datos: 'x'.repeat(1001) }, ['otros_datos: too_long']],
    ['custom hours', { ...base, servicio_urgente_custom: true, servicio_urgente_custom_hours: 3 }, []],
    [
      'custom hours 0',
      { ...base, servicio_urgente_custom_hours: 0 },
      ['servicio_urgente_custom_hours: invalid_value'],
    ],
    ['step flag not boolean', { ...base, step51: 'yes' }, ['step51: invalid_type']],
    [
      'address blank and known owner blank: both reported',
      { ...base, direccion: '', conoce_nombre_propietario: true, nombre: '' },
      ['direccion: required', 'nombre: required'],
    ],
    [
      'known owner of the wrong type: its own error only',
      { ...base, direccion: '', conoce_nombre_propietario: true, nombre: 7 },
      ['nombre: invalid_type', 'direccion: required'],
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(errors(NotaSimpleFormSchema, input)).toEqual(expected);
  });
});

describe('properties search form', () => {
  const person = {
    opcion_persona: true,
    nombre_persona: 'Ana López',
    dni: '12345678Z',
    num_propiedades: '10',
  };
  const company = { opcion_empresa: true, nombre_empresa: 'Ejemplo SL', num_propiedades: 'all' };
  it.each([
    ['person', person, []],
    ['person with NIE', { ...person, dni: 'X1234567L' }, []],
    ['person with a wrong DNI letter', { ...person, dni: '12345678A' }, ['dni: invalid_nif']],
    ['person without DNI', { ...person, dni: '' }, ['dni: required']],
    ['person without name', { ...person, nombre_persona: '' }, ['nombre_persona: required']],
    ['company', company, []],
    ['company with CIF', { ...company, dni: 'B12345674' }, []],
    ['company with a bad CIF', { ...company, dni: 'B12345675' }, ['dni: invalid_cif']],
    ['company without name', { ...company, nombre_empresa: ' ' }, ['nombre_empresa: required']],
    ['neither', { num_propiedades: '1' }, ['opcion_persona: choose_one']],
    ['both', { ...person, opcion_empresa: true }, ['opcion_persona: choose_one']],
    ['count not a choice', { ...person, num_propiedades: '7' }, ['num_propiedades: invalid_option']],
    ['count missing', { ...person, num_propiedades: undefined }, ['num_propiedades: invalid_option']],
    [
      'count not a choice and no name: both reported',
      { ...person, num_propiedades: '7', nombre_persona: '' },
      ['num_propiedades: invalid_option', 'nombre_persona: required'],
    ],
    ['from a Nota Simple', { ...person, proviene_de_ns: true, origin: 'ns', origin_id: 1234 }, []],
  ] as const)('%s', (_name, input, expected) => {
    expect(errors(PropertiesSearchFormSchema, input)).toEqual(expected);
  });
  it('keeps origin_id as a string', () => {
    expect(z.parse(PropertiesSearchFormSchema, { ...person, origin_id: 1234 }).origin_id).toBe('1234');
  });
  it.each(['all', '50', '25', '10', '3', '1'])('accepts the count %s', (count) => {
    expect(errors(PropertiesSearchFormSchema, { ...person, num_propiedades: count })).toEqual([]);
  });
});

describe('certificate form', () => {
  const place = { distrito_concelho_freguesia: 'Lisboa / Lisboa / Alvalade' };
  it.each([
    ['ficha', { ...place, forma_identificar_ficha: true, num_ficha: '1234' }, []],
    ['ficha without number', { ...place, forma_identificar_ficha: true }, ['num_ficha: required']],
    [
      'urban article',
      { ...place, forma_identificar_matricial: true, tipo_urbana: true, numero_artigo: '567' },
      [],
    ],
    [
      'rural article needs the section',
      { ...place, forma_identificar_matricial: true, tipo_rustica: true, numero_artigo: '12' },
      ['seccao: required'],
    ],
    [
      'rural article',
      { ...place, forma_identificar_matricial: true, tipo_rustica: true, numero_artigo: '12', seccao: 'B' },
      [],
    ],
    [
      'matricial without type or article',
      { ...place, forma_identificar_matricial: true },
      ['numero_artigo: required', 'tipo_rustica: choose_one'],
    ],
    ['book', { ...place, forma_identificar_livro: true, num_livro: '9', livro: 'B-12', folhas: '34v' }, []],
    [
      'book incomplete',
      { ...place, forma_identificar_livro: true, num_livro: '9' },
      ['livro: required', 'folhas: required'],
    ],
    ['no mode', place, ['forma_identificar_matricial: choose_one']],
    [
      'two modes',
      {
        ...place,
        forma_identificar_ficha: true,
        forma_identificar_livro: true,
        num_ficha: '1',
        num_livro: '1',
        livro: '1',
        folhas: '1',
      },
      ['forma_identificar_matricial: choose_one'],
    ],
    [
      'horizontal property needs the fraction',
      { ...place, forma_identificar_ficha: true, num_ficha: '1', prop_horizontal: true },
      ['prop_horizontal_fracao: required'],
    ],
    [
      'no place',
      { forma_identificar_ficha: true, num_ficha: '1' },
      ['distrito_concelho_freguesia: required'],
    ],
    [
      'no place and no ficha number: both reported',
      { forma_identificar_ficha: true, num_ficha: '' },
      ['distrito_concelho_freguesia: required', 'num_ficha: required'],
    ],
    [
      'numbers where numbers are expected',
      { ...place, forma_identificar_matricial: true, tipo_urbana: true, numero_artigo: '56A' },
      ['numero_artigo: invalid_value'],
    ],
    ['ficha with its date', { ...place, forma_identificar_ficha: true, num_ficha: '1234/20050315' }, []],
    [
      'ficha not a number',
      { ...place, forma_identificar_ficha: true, num_ficha: 'doze' },
      ['num_ficha: invalid_value'],
    ],
    [
      'book number and sheets not numbers',
      { ...place, forma_identificar_livro: true, num_livro: 'nove', livro: 'B-12', folhas: 'folha 3' },
      ['num_livro: invalid_value', 'folhas: invalid_value'],
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(errors(CertificateFormSchema, input)).toEqual(expected);
  });
});

describe('simplified report form', () => {
  const place = { distrito_concelho_freguesia: 'Porto / Porto / Bonfim' };
  it.each([
    ['with ficha', { ...place, tiene_numero: true, num_ficha: '88' }, []],
    ['ficha missing', { ...place, tiene_numero: true }, ['num_ficha: required']],
    ['ficha not a number', { ...place, tiene_numero: true, num_ficha: '8B' }, ['num_ficha: invalid_value']],
    ['without number', place, []],
    ['unit', { ...place, prop_horizontal: true, prop_horizontal_fracao: 'A' }, []],
    ['unit missing', { ...place, prop_horizontal: true }, ['prop_horizontal_fracao: required']],
    [
      'no place and unit missing: both reported',
      { prop_horizontal: true },
      ['distrito_concelho_freguesia: required', 'prop_horizontal_fracao: required'],
    ],
    ['urgent', { ...place, urgente: true, step21: true }, []],
  ] as const)('%s', (_name, input, expected) => {
    expect(errors(SimplifiedReportFormSchema, input)).toEqual(expected);
  });
});

describe('generic form', () => {
  const value = (option_id: number, v: string, product_id = 18458) => ({
    option_id,
    product_id,
    type: 'field',
    value: v,
  });
  it('defaults confirm answers and related products', () => {
    expect(z.parse(GenericFormSchema, { product_id: 18458, values: [value(1, 'a')] })).toEqual({
      product_id: 18458,
      values: [value(1, 'a')],
      confirm_values: [],
      related_product_ids: [],
    });
  });
  it.each([
    ['valid', { product_id: 18458, values: [value(1, 'a'), value(2, 'b')] }, []],
    ['empty values', { product_id: 18458, values: [] }, []],
    [
      'value of another product',
      { product_id: 18458, values: [value(1, 'a', 18346)] },
      ['values.0.product_id: wrong_product'],
    ],
    [
      'option twice',
      { product_id: 18458, values: [value(1, 'a'), value(1, 'b')] },
      ['values.1.option_id: invalid_value'],
    ],
    [
      'unknown type',
      { product_id: 18458, values: [{ ...value(1, 'a'), type: 'checkbox' }] },
      ['values.0.type: invalid_value'],
    ],
    ['product id missing', { values: [] }, ['product_id: required']],
    ['negative product id', { product_id: -1, values: [] }, ['product_id: invalid_id']],
    [
      'confirm answers',
      { product_id: 18458, values: [], confirm_values: [{ option_id: 9, value: '91' }] },
      [],
    ],
    ['related ids', { product_id: 18458, values: [], related_product_ids: [18480] }, []],
    [
      'bad related id',
      { product_id: 18458, values: [], related_product_ids: ['x'] },
      ['related_product_ids.0: invalid_type'],
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(errors(GenericFormSchema, input)).toEqual(expected);
  });
  it('requires origin and origin_id for an association', () => {
    expect(errors(AssociatedGenericFormSchema, { product_id: 18458, values: [] })).toEqual([
      'origin: required',
      'origin_id: required',
    ]);
    expect(
      errors(AssociatedGenericFormSchema, {
        product_id: 18458,
        values: [],
        origin: 'order',
        origin_id: '1400000042',
      }),
    ).toEqual([]);
    // the base generic form is unchanged by the association's extra check
    expect(errors(GenericFormSchema, { product_id: 18458, values: [] })).toEqual([]);
  });
});
