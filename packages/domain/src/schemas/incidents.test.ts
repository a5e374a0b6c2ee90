import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CreditNoteBodySchema,
  INCIDENT_OPTION,
  IncidentAnswerTextSchema,
  IncidentFileIdsSchema,
  IncidentValuesSchema,
} from './incidents.ts';
import { toFieldErrors } from './messages.ts';

const errorsOf = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? [] : toFieldErrors(parsed.error.issues).map((e) => `${e.path}: ${e.message}`);
};

describe('incident form values (uploadForm json_values)', () => {
  it.each([
    [[{ option_id: INCIDENT_OPTION.answer, value: 'Hola', product_id: 0, type: 'area' }], []],
    [[], []],
    [[{ option_id: 7, value: 'x' }], [': invalid_option']],
    [[{ option_id: INCIDENT_OPTION.answer }], ['0.value: required']],
    [[{ option_id: 'x', value: 'x' }], ['0.option_id: invalid_type']],
    [{ option_id: INCIDENT_OPTION.answer, value: 'x' }, [': invalid_type']],
    [Array.from({ length: 11 }, () => ({ option_id: INCIDENT_OPTION.answer, value: 'x' })), [': too_many']],
  ])('%j', (values, expected) => {
    expect(errorsOf(IncidentValuesSchema, values)).toEqual(expected);
  });

  it.each([
    ['Referencia 123', []],
    ['   ', [': required']],
    ['x'.repeat(5001), [': too_long']],
  ])('answer %j', (value, expected) => {
    expect(errorsOf(IncidentAnswerTextSchema, value)).toEqual(expected);
  });

  it.each([
    ['', []],
    ['12', []],
    ['12,13', []],
    ['12,', [': invalid_value']],
    ['a', [': invalid_value']],
    [Array.from({ length: 21 }, (_, i) => i + 1).join(','), [': too_many']],
  ])('file ids %j', (value, expected) => {
    expect(errorsOf(IncidentFileIdsSchema, value)).toEqual(expected);
  });
});

describe('credit note body', () => {
  it.each([
    [{ reason: 'Reembolso' }, []],
    [{ reason: ' ' }, ['reason: required']],
    [{}, ['reason: required']],
    [{ reason: 'x'.repeat(501) }, ['reason: too_long']],
  ])('%j', (body, expected) => {
    expect(errorsOf(CreditNoteBodySchema, body)).toEqual(expected);
  });
});
