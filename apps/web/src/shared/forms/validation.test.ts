import { PropertiesSearchFormSchema } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { describe, expect, it } from 'vitest';
import { blankFlowForm } from '../wizard/flow-forms.ts';
import { errorText, hasErrors, stepErrors, validationKey } from './validation.ts';

describe('step errors from the domain schema', () => {
  const base = { ...blankFlowForm('q-propiedades'), num_propiedades: '10', opcion_persona: true };

  it.each([
    [{ nombre_persona: 'Ana', dni: '12345678Z' }, {}],
    [{ nombre_persona: '', dni: '12345678Z' }, { nombre_persona: 'required' }],
    [{ nombre_persona: 'Ana', dni: '12345678A' }, { dni: 'invalid_nif' }],
    [{ nombre_persona: 'Ana', dni: 'X1234567L' }, {}],
  ])('%j -> %j', (patch, expected) => {
    expect(stepErrors(PropertiesSearchFormSchema, { ...base, ...patch }, ['nombre_persona', 'dni'])).toEqual(
      expected,
    );
  });

  it('keeps only the fields of the step; cross-field rules run even when a later field is blank', () => {
    const form = { ...base, num_propiedades: '' };
    expect(stepErrors(PropertiesSearchFormSchema, form, ['dni'])).toEqual({ dni: 'required' });
    const errors = stepErrors(PropertiesSearchFormSchema, form, ['dni'], { num_propiedades: '1' });
    expect(errors).toEqual({ dni: 'required' });
    expect(
      stepErrors(PropertiesSearchFormSchema, form, ['num_propiedades'], { num_propiedades: '1' }),
    ).toEqual({
      num_propiedades: 'invalid_option',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });

  it.each([
    ['choose_one', 'validation.chooseOne', 'Elige una opción'],
    ['invalid_nif', 'validation.invalidNif', 'El NIF no es válido'],
    ['required', 'validation.required', 'Este campo es obligatorio'],
  ] as const)('%s reads %s: %s', async (code, key, text) => {
    expect(validationKey(code)).toBe(key);
    expect(errorText(await loadT('es'), code)).toBe(text);
  });
});
