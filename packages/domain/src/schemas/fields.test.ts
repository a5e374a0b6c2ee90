import { describe, expect, it } from 'vitest';
import { errorsOf } from '../testing/errors.ts';
import { UploadFormBodySchema } from './api.ts';
import {
  EmailSchema,
  IdFromStringSchema,
  IdSchema,
  isStorableText,
  MAX_ID,
  requiredText,
  text,
} from './fields.ts';

describe('text PostgreSQL can store', () => {
  it.each([
    ['plain', 'Calle Mayor 1', true],
    ['accents and ñ', 'Peñíscola, Castelló', true],
    ['an emoji (a surrogate pair)', 'casa 🏠', true],
    ['a NUL character', 'Calle\u0000Mayor', false],
    ['a lone high surrogate', 'abc\ud800', false],
    ['a lone high surrogate before text', '\ud800abc', false],
    ['a lone low surrogate', 'abc\udc00def', false],
    ['two high surrogates', '\ud800\ud800\udc00', false],
  ])('%s: %s', (_name, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  it.each([
    ['text()', text(50)],
    ['requiredText()', requiredText(50)],
  ])('%s refuses NUL and lone surrogates with invalid_characters', (_name, schema) => {
    expect(errorsOf(schema, 'a\u0000b')).toEqual([': invalid_characters']);
    expect(errorsOf(schema, 'a\udfffb')).toEqual([': invalid_characters']);
    expect(errorsOf(schema, 'Ana 👍')).toEqual([]);
  });

  it('refuses JSON text whose escapes make a NUL or a lone surrogate', () => {
    const body = (json: string) => ({ json_form: json, json_values: '{}' });
    expect(errorsOf(UploadFormBodySchema, body('{"a":"x\\u0000y"}'))).toEqual([
      'json_form: invalid_characters',
    ]);
    expect(errorsOf(UploadFormBodySchema, body('{"a":["\\ud800"]}'))).toEqual([
      'json_form: invalid_characters',
    ]);
    expect(errorsOf(UploadFormBodySchema, body('{"x\\u0000":1}'))).toEqual(['json_form: invalid_characters']);
    expect(errorsOf(UploadFormBodySchema, body('{"a":"🏠"}'))).toEqual([]);
  });
});

describe('ids fit the database', () => {
  it.each([
    [1, []],
    [MAX_ID, []],
    [MAX_ID + 1, [': invalid_id']],
    [0, [': invalid_id']],
    [-5, [': invalid_id']],
  ])('IdSchema %d', (id, errors) => {
    expect(errorsOf(IdSchema, id)).toEqual(errors);
  });

  it.each([
    ['42', []],
    ['2147483647', []],
    ['2147483648', [': invalid_id']],
    ['999999999999999', [': invalid_id']],
    ['0', [': invalid_id']],
    ['042', [': invalid_id']],
    ['1e3', [': invalid_id']],
  ])('IdFromStringSchema %s', (id, errors) => {
    expect(errorsOf(IdFromStringSchema, id)).toEqual(errors);
  });
});

describe('e-mail', () => {
  it('refuses addresses longer than 254 characters with too_long', () => {
    expect(errorsOf(EmailSchema, `${'a'.repeat(250)}@example.com`)).toEqual([': too_long']);
  });
});
