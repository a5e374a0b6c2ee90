import { type Option, type OptionInput, OptionSchema } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveServer, startLiveServer } from '../../testing/live-server.ts';
import { setConfig } from '../config/config-store.ts';
import { errorText } from '../forms/validation.ts';
import { setT, useT } from '../i18n/use-t.ts';
import { OptionField } from './option-field.tsx';
import { optionProblem } from './option-rules.ts';

// Every option type rendered as the wizard and the edit dialog render it, with
// the real search endpoints of a live server behind the autocompletes.

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  setConfig(await server.startSession(14));
  setT(await loadT('es'));
}, 120_000);
afterAll(() => server?.stop());

const option = (input: OptionInput): Option => OptionSchema.parse(input);

/** The field with its value shown in an output and a Check button that validates like the wizard's Next. */
function Harness({
  field,
  productId = 18458,
  initial = '',
}: {
  field: Option;
  productId?: number;
  initial?: string;
}) {
  const t = useT();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <OptionField
        option={field}
        productId={productId}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        error={error}
      />
      <output aria-label="value">{value}</output>
      <button type="button" onClick={() => setError(errorText(t, optionProblem(field, value)) || null)}>
        Check
      </button>
    </>
  );
}

const shown = () => screen.getByRole('status', { name: 'value' }).textContent;
const check = (u: ReturnType<typeof userEvent.setup>) =>
  u.click(screen.getByRole('button', { name: 'Check' }));

/** The error tied to a field through aria-describedby, and aria-invalid set. */
function expectError(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  const texts = ids.map((id) => document.getElementById(id)?.textContent);
  expect(texts).toContain(message);
}

describe('field and area', () => {
  it('field: a labelled text input, required when is_require is 1, help as its description', async () => {
    const u = userEvent.setup();
    render(
      <Harness
        field={option({
          option_id: 1,
          title: 'Nombre del notario',
          type: 'field',
          is_require: '1',
          help: 'Como figura en la escritura',
        })}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Nombre del notario' });
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Como figura en la escritura').id).toBe(input.getAttribute('aria-describedby'));
    await check(u);
    expectError(input, 'Este campo es obligatorio');
    await u.type(input, 'Ana Pérez');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(shown()).toBe('Ana Pérez');
  });

  it('area: a multi-line field marked optional when is_require is 0', async () => {
    const u = userEvent.setup();
    render(<Harness field={option({ option_id: 2, title: 'Observaciones', type: 'area' })} />);
    const area = screen.getByRole('textbox', { name: /^Observaciones/ });
    expect((area as HTMLTextAreaElement).labels?.[0]?.textContent).toBe('Observaciones (opcional)');
    expect(area.tagName).toBe('TEXTAREA');
    await check(u);
    expect(area.getAttribute('aria-invalid')).toBeNull();
    await u.type(area, 'línea 1{enter}línea 2');
    expect(shown()).toBe('línea 1\nlínea 2');
  });
});

describe('date (spec 5 formats, typed or picked)', () => {
  const date = option({ option_id: 3, title: 'Fecha de la escritura', type: 'date', is_require: '1' });

  it.each([
    ['29-feb-2024', '29/02/2024'],
    ['5.3.2015', '05/03/2015'],
    ['12-DIC-1999', '12/12/1999'],
    ['01/01/1920', '01/01/1920'],
  ])('typing %s keeps %s', async (typed, kept) => {
    const u = userEvent.setup();
    render(<Harness field={date} />);
    const input = screen.getByRole('textbox', { name: 'Fecha de la escritura' });
    await u.type(input, typed);
    await u.tab();
    expect(shown()).toBe(kept);
    await check(u);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it.each(['31/02/2024', '29-feb-2023', '12/13/2020', '3-mzo-2020', '01/01/20'])(
    '%s is refused with a clear message',
    async (typed) => {
      const u = userEvent.setup();
      render(<Harness field={date} />);
      const input = screen.getByRole('textbox', { name: 'Fecha de la escritura' });
      await u.type(input, typed);
      await check(u);
      expectError(input, 'La fecha no es válida');
    },
  );

  it('the calendar picker writes dd/mm/yyyy', () => {
    render(<Harness field={date} />);
    fireEvent.change(screen.getByLabelText('Elegir en el calendario'), { target: { value: '2024-03-05' } });
    expect(shown()).toBe('05/03/2024');
  });
});

describe('choices', () => {
  const values = [
    { id: 6401, name: 'Piso o apartamento' },
    { id: 6402, name: 'Casa o chalet', price: 3000 },
  ];

  it('drop_down: a native select with the prices of its values, required when is_require is 1', async () => {
    const u = userEvent.setup();
    render(
      <Harness
        field={option({
          option_id: 4,
          title: 'Tipo',
          type: 'drop_down',
          is_require: '1',
          opt_values: values,
        })}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige una opción', 'Piso o apartamento', 'Casa o chalet (+30\u00a0€)']);
    await check(u);
    expectError(select, 'Este campo es obligatorio');
    await u.selectOptions(select, '6402');
    expect(shown()).toBe('6402');
  });

  it('radio: native radios in a group named by the question', async () => {
    const u = userEvent.setup();
    render(
      <Harness
        field={option({ option_id: 5, title: 'Tipo', type: 'radio', is_require: '1', opt_values: values })}
      />,
    );
    const group = screen.getByRole('group', { name: 'Tipo' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await check(u);
    expect(within(group).getByRole('alert').textContent).toBe('Este campo es obligatorio');
    await u.click(screen.getByRole('radio', { name: 'Casa o chalet' }));
    expect(shown()).toBe('6402');
    expect(screen.getByText(/^\+30\s€$/)).toBeTruthy();
  });

  it('radio_button: a group of toggle buttons, one pressed', async () => {
    const u = userEvent.setup();
    const field = option({
      option_id: 6,
      title: 'Tipo de inmueble',
      type: 'radio_button',
      is_require: '1',
      opt_values: values,
    });
    render(<Harness field={field} productId={18346} />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    const house = screen.getByRole('button', { name: /Casa o chalet/ });
    const flat = screen.getByRole('button', { name: 'Piso o apartamento' });
    expect(house.getAttribute('aria-pressed')).toBe('false');
    await u.click(house);
    expect(house.getAttribute('aria-pressed')).toBe('true');
    expect(flat.getAttribute('aria-pressed')).toBe('false');
    expect(shown()).toBe('6402');
  });

  it('radio_button of product 18464 is shown as a radio (spec 5)', async () => {
    const u = userEvent.setup();
    const field = option({
      option_id: 2401,
      title: 'Tipo de inmueble',
      type: 'radio_button',
      is_require: '1',
      opt_values: values,
    });
    render(<Harness field={field} productId={18464} />);
    expect(screen.queryByRole('button', { name: /Casa o chalet/ })).toBeNull();
    await u.click(screen.getByRole('radio', { name: 'Casa o chalet' }));
    expect(shown()).toBe('6402');
  });

  it('a value that is not one of the option values is refused', () => {
    const field = option({ option_id: 7, title: 'Tipo', type: 'drop_down', opt_values: values });
    expect(optionProblem(field, '9999')).toBe('invalid_option');
    expect(optionProblem(field, '6401')).toBeNull();
  });
});

describe('searches over the live endpoints', () => {
  it.each([
    ['municipio', 'Sevil', 'Sevilla (Sevilla)'],
    ['municipio_ce', 'Sevil', 'Sevilla (Sevilla)'],
    ['freguesia', 'santa maria maior', 'Lisboa / Lisboa / Santa Maria Maior'],
  ] as const)('%s: picks a suggestion and keeps its label', async (type, term, pick) => {
    const u = userEvent.setup();
    render(<Harness field={option({ option_id: 8, title: 'Lugar', type, is_require: '1' })} />);
    const input = screen.getByRole('combobox', { name: 'Lugar' });
    await u.type(input, term);
    await u.click(await screen.findByRole('option', { name: pick }, { timeout: 5000 }));
    expect(shown()).toBe(pick);
    expect((input as HTMLInputElement).value).toBe(pick);
  });

  it('municipio: text that was not picked is not an answer', async () => {
    const u = userEvent.setup();
    render(<Harness field={option({ option_id: 9, title: 'Lugar', type: 'municipio', is_require: '1' })} />);
    await u.type(screen.getByRole('combobox', { name: 'Lugar' }), 'Nowhere at all');
    await u.tab();
    expect(shown()).toBe('');
    await check(u);
    expectError(screen.getByRole('combobox', { name: 'Lugar' }), 'Este campo es obligatorio');
  });

  it('sociedad: any company name may be typed', async () => {
    const u = userEvent.setup();
    render(
      <Harness field={option({ option_id: 10, title: 'Sociedad', type: 'sociedad', is_require: '1' })} />,
    );
    const input = screen.getByRole('combobox', { name: 'Sociedad' });
    expect(
      screen.getByText('Si tu sociedad no aparece en la lista, escribe su nombre completo.'),
    ).toBeTruthy();
    await u.type(input, 'Construcciones Pérez SL');
    await u.tab();
    expect(shown()).toBe('Construcciones Pérez SL');
  });
});
