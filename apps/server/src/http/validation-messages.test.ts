import { SPEC_VALIDATION_MESSAGES_ES, VALIDATION_CODES, type ValidationCode } from '@shop/domain';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationKey, validationText } from './translate.ts';
import { fieldErrors, type ZodValidationEntry } from './validation-messages.ts';

/** Validation entries exactly as the zod type provider puts them on the error. */
function entriesFor(schema: z.ZodType, input: unknown): ZodValidationEntry[] {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' }) as (
    data: unknown,
  ) => { error?: unknown };
  const { error } = validate(input);
  if (!error) throw new Error('expected a failure');
  return error as ZodValidationEntry[];
}

describe('validation messages', () => {
  it('uses spec 5 texts for the codes the spec words', () => {
    for (const [code, text] of Object.entries(SPEC_VALIDATION_MESSAGES_ES)) {
      expect(validationText('es', code as ValidationCode)).toBe(text);
    }
  });

  it('finds a catalogue text for every domain code in every language', () => {
    for (const language of ['es', 'pt', 'en'] as const) {
      for (const code of VALIDATION_CODES) {
        const text = validationText(language, code);
        expect(text, `${language} ${code}`).not.toBe(validationKey(code));
        expect(text).toMatch(/\S/);
      }
    }
  });

  it('translates domain codes carried as issue messages', () => {
    const schema = z.object({
      email: z.string().min(1, 'email_required'),
      pass: z.string().min(1, 'password_required'),
    });
    expect(fieldErrors(entriesFor(schema, { email: '', pass: '' }), {}, 'es')).toEqual([
      { path: 'email', message: 'Se requiere un email' },
      { path: 'pass', message: 'Por favor, introduce tu contraseña' },
    ]);
  });

  const schema = z.object({
    name: z.string().min(3).max(5),
    age: z.number().int().positive(),
    tags: z.array(z.string()).min(1),
    kind: z.enum(['a', 'b']),
    site: z.url(),
    mail: z.email(),
    nested: z.object({ deep: z.string() }),
  });
  const input = { name: 'toolong', age: 1.5, tags: [], kind: 'c', site: 'nope', mail: 'x@', nested: {} };

  it.each([
    [
      'es',
      [
        { path: 'name', message: 'Introduce como máximo 5 caracteres' },
        { path: 'age', message: 'Introduce un número entero' },
        { path: 'tags', message: 'Elige al menos 1' },
        { path: 'kind', message: 'Elige una de las opciones disponibles' },
        { path: 'site', message: 'Introduce una dirección web válida' },
        { path: 'mail', message: 'Por favor, introduce un email válido' },
        { path: 'nested.deep', message: 'Este campo es obligatorio' },
      ],
    ],
    [
      'pt',
      [
        { path: 'name', message: 'Introduza no máximo 5 caracteres' },
        { path: 'age', message: 'Introduza um número inteiro' },
        { path: 'tags', message: 'Escolha pelo menos 1' },
        { path: 'kind', message: 'Escolha uma das opções disponíveis' },
        { path: 'site', message: 'Introduza um endereço web válido' },
        { path: 'mail', message: 'Introduza um e-mail válido' },
        { path: 'nested.deep', message: 'Este campo é obrigatório' },
      ],
    ],
  ] as const)('maps zod issue codes of server-side schemas (%s)', (language, expected) => {
    expect(fieldErrors(entriesFor(schema, input), input, language)).toEqual(expected);
  });

  it('lists each unexpected key of a strict object', () => {
    const strict = z.strictObject({ a: z.string() });
    const body = { a: 'x', b: 1, c: 2 };
    expect(fieldErrors(entriesFor(strict, body), body, 'en')).toEqual([
      { path: 'b', message: 'Field not supported' },
      { path: 'c', message: 'Field not supported' },
    ]);
  });
});
