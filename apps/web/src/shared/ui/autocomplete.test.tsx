import type { MunicipalityHit } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { companyHit, municipalityHit, setupFakeApi } from '../../testing/fake-api.ts';
import { ApiError } from '../api/api-error.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { Autocomplete } from './autocomplete.tsx';
import { searchCompanies, searchFreguesias, searchMunicipalities } from './autocomplete-search.ts';

// The fake API answers the search routes like apps/server (the domain's hit
// schemas), with the store base under a path, as a real deployment may have it.
const MUNICIPALITIES = [
  municipalityHit({ name: 'Las Rozas de Madrid', province: 'Madrid', ine: '28127' }),
  municipalityHit({ name: 'Rozas de Puerto Real', province: 'Madrid', ine: '28128' }),
  municipalityHit({ name: 'Las Rozas de Valdearroyo', province: 'Cantabria', ine: '39062' }),
];
const api = setupFakeApi({ municipalities: MUNICIPALITIES, companies: [companyHit('ACME SL')] });
const base = () => `${api.baseUrl}shop`;
const requests = () => api.paths();

beforeEach(async () => {
  setConfig(makeRuntimeConfig({ base_url: base() }));
  setT(await loadT('es'));
});

function Municipality({ onPick }: { onPick: (hit: MunicipalityHit) => void }) {
  const [value, setValue] = useState('');
  return (
    <Autocomplete<MunicipalityHit>
      label="Municipio"
      value={value}
      search={searchMunicipalities}
      onSelect={(hit) => {
        setValue(hit.value);
        onPick(hit);
      }}
    />
  );
}

describe('Autocomplete over registros.php', () => {
  it('searches from 2 characters, announces the count and returns the picked item with its fields', async () => {
    const picked: MunicipalityHit[] = [];
    render(<Municipality onPick={(hit) => picked.push(hit)} />);
    const input = screen.getByRole('combobox', { name: 'Municipio' });
    await userEvent.type(input, 'R');
    expect(screen.getByRole('status').textContent).toBe('Escribe al menos 2 caracteres para buscar');
    await userEvent.type(input, 'ozas');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 resultados'));
    expect(requests()).toEqual(['/shop/registros.php?app=1&term=Rozas']);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Las Rozas de Madrid (Madrid)',
      'Rozas de Puerto Real (Madrid)',
      'Las Rozas de Valdearroyo (Cantabria)',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: 'Las Rozas de Madrid (Madrid)' }));
    expect(picked).toEqual([MUNICIPALITIES[0]]);
    expect((input as HTMLInputElement).value).toBe('Las Rozas de Madrid');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('is usable with the keyboard', async () => {
    const picked: MunicipalityHit[] = [];
    render(<Municipality onPick={(hit) => picked.push(hit)} />);
    const input = screen.getByRole('combobox', { name: 'Municipio' });
    await userEvent.type(input, 'rozas');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    await userEvent.keyboard('{Enter}');
    expect(picked.map((p) => p.ine)).toEqual(['28128']);
  });

  it('says when nothing matches, and restores the last pick on leaving when free text is not allowed', async () => {
    render(<Municipality onPick={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Municipio' });
    await userEvent.type(input, 'Zzzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No hay resultados'));
    expect(screen.queryByRole('option')).toBeNull();
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('debounces: fast typing makes one request', async () => {
    render(<Municipality onPick={() => {}} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Municipio' }), 'Las Rozas');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 resultados'));
    expect(requests()).toEqual(['/shop/registros.php?app=1&term=Las+Rozas']);
  });
});

describe('free text and the other endpoints', () => {
  function Company({ onText }: { onText: (text: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <Autocomplete
        label="Empresa"
        value={value}
        search={searchCompanies}
        allowFreeText
        onChange={(text) => {
          setValue(text);
          onText(text);
        }}
        onSelect={(hit) => setValue(hit.value)}
        error={value ? null : 'Este campo es obligatorio'}
      />
    );
  }

  it('keeps typed text when the caller allows free text, and ties its error', async () => {
    const texts: string[] = [];
    render(<Company onText={(text) => texts.push(text)} />);
    const input = screen.getByRole('combobox', { name: 'Empresa' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(input, 'Nueva SL');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No hay resultados'));
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('Nueva SL');
    expect(texts.at(-1)).toBe('Nueva SL');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(requests().at(-1)).toBe('/shop/sociedad.php?app=1&sociedad=Nueva+SL');
  });

  it('searches Portuguese organisations on a Portuguese store', async () => {
    setConfig(makeRuntimeConfig({ base_url: base(), store_id: 16, language: 'pt' }));
    await searchCompanies('Sonae', new AbortController().signal);
    expect(requests()).toEqual(['/shop/organizacoes.php?app=1&sociedad=Sonae']);
  });

  it('builds the freguesias URL at the store base', async () => {
    const hits = await searchFreguesias('ips')('Estrela', new AbortController().signal);
    expect(hits).toEqual([]);
    expect(requests()).toEqual(['/shop/freguesias.php?app=1&type=ips&term=Estrela']);
  });

  it('goes through the API client: an answer that is not hits is one ApiError, asked once', async () => {
    api.answerAt('/shop/registros.php', { status: 200, body: [{ label: 'Madrid' }] });
    const error = await searchMunicipalities('Mad', new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(requests()).toEqual(['/shop/registros.php?app=1&term=Mad']);
  });

  it('a search superseded by the next keystroke is cancelled, not answered', async () => {
    const controller = new AbortController();
    const pending = searchMunicipalities('Mad', controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('a failing search says so', async () => {
    render(
      <Autocomplete
        label="Lugar"
        value=""
        onSelect={() => {}}
        search={async (term, signal) => {
          const response = await fetch(`${base()}/broken.php?term=${term}`, { signal });
          if (!response.ok) throw new Error('down');
          return [];
        }}
      />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Lugar' }), 'abc');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('No se ha podido buscar; inténtalo de nuevo'),
    );
  });
});
