import { loadT } from '@shop/domain/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { Checkbox } from './checkbox.tsx';
import { DateField, isDateTextValid } from './date-field.tsx';
import { RadioGroup } from './radio-group.tsx';
import { SelectField } from './select-field.tsx';
import { TextArea } from './text-area.tsx';
import { TextField } from './text-field.tsx';

beforeEach(async () => {
  setConfig(makeRuntimeConfig());
  setT(await loadT('es'));
});

/** The error element the field's aria-describedby points at. */
function describedError(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
}

describe('field errors are tied to their field', () => {
  it.each([
    [
      'TextField',
      () => <TextField label="Dirección" hint="Calle y número" error="Este campo es obligatorio" />,
    ],
    [
      'TextArea',
      () => <TextArea label="Dirección" hint="Calle y número" error="Este campo es obligatorio" />,
    ],
    [
      'SelectField',
      () => (
        <SelectField
          label="Dirección"
          hint="Calle y número"
          error="Este campo es obligatorio"
          options={[{ value: 'a', label: 'A' }]}
          placeholder="Elige una opción"
        />
      ),
    ],
  ])('%s: aria-invalid, aria-describedby and role=alert', (_, Field) => {
    render(<Field />);
    const field = screen.getByLabelText('Dirección');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(field)?.textContent).toBe('Este campo es obligatorio');
    expect(screen.getByRole('alert').textContent).toBe('Este campo es obligatorio');
    expect(field.getAttribute('aria-describedby')).toContain(
      screen.getByText('Calle y número').getAttribute('id'),
    );
  });

  it('a field without an error is not invalid and has no alert', () => {
    render(<TextField label="Nombre" optionalText="opcional" />);
    const field = screen.getByLabelText('Nombre (opcional)');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a label that already says '(optional)' gets no second mark", () => {
    render(<TextField label="Registry details (optional)" optionalText="optional" />);
    expect(screen.getByLabelText('Registry details (optional)')).toBeTruthy();
    expect(screen.queryByText(/\(optional\).*\(optional\)/)).toBeNull();
    expect(screen.getByText('Registry details (optional)').textContent).toBe('Registry details (optional)');
  });

  it('a checkbox with an error', () => {
    render(<Checkbox label="Acepto" error="Debes aceptar" />);
    const box = screen.getByRole('checkbox', { name: 'Acepto' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(box)?.textContent).toBe('Debes aceptar');
  });
});

describe('RadioGroup', () => {
  function Question({ error }: { error?: string }) {
    const [value, setValue] = useState<'si' | 'no' | ''>('');
    return (
      <RadioGroup
        legend="¿Conoces al titular?"
        name="conoce"
        value={value}
        onChange={setValue}
        error={error}
        options={[
          { value: 'si', label: 'Sí' },
          { value: 'no', label: 'No', description: 'Lo buscaremos por ti' },
        ]}
      />
    );
  }

  it('is a group named by its legend, with native radios', async () => {
    render(<Question error="Elige una opción" />);
    const group = screen.getByRole('group', { name: '¿Conoces al titular?' });
    expect(describedError(group)?.textContent).toBe('Elige una opción');
    const yes = screen.getByRole('radio', { name: 'Sí' });
    await userEvent.click(yes);
    expect((yes as HTMLInputElement).checked).toBe(true);
    const no = screen.getByRole('radio', { name: 'No' }) as HTMLInputElement;
    await userEvent.click(no);
    expect(no.checked).toBe(true);
    expect((yes as HTMLInputElement).checked).toBe(false);
    expect(no.getAttribute('aria-describedby')).toBeTruthy();
  });
});

describe('DateField: the spec 5 formats', () => {
  it.each([
    ['29-feb-2024', true],
    ['29/02/2024', true],
    ['29.02.2024', true],
    ['29-02-2024', true],
    ['29-feb-2023', false],
    ['31/04/2024', false],
    ['29/02-2024', false],
    ['1-ene-24', false],
    ['', true],
  ])('%s valid: %s', (text, valid) => {
    expect(isDateTextValid(text)).toBe(valid);
  });

  function Dated() {
    const [value, setValue] = useState('');
    const error = isDateTextValid(value) ? null : 'La fecha no es válida';
    return (
      <DateField
        label="Fecha"
        value={value}
        onChange={setValue}
        pickerLabel="Elegir en el calendario"
        error={error}
      />
    );
  }

  it('accepts typing, writes dd/mm/yyyy on leaving and mirrors the picker', async () => {
    render(<Dated />);
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    await userEvent.type(input, '5-mar-2024');
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('05/03/2024');
    expect((screen.getByLabelText('Elegir en el calendario') as HTMLInputElement).value).toBe('2024-03-05');
    await userEvent.clear(input);
    await userEvent.type(input, '30-feb-2024');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('La fecha no es válida');
  });
});
