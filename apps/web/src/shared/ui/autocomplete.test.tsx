import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MunicipalityHit } from '@shop/domain';
import { loadT } from '@shop/domain/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeRuntimeConfig } from '../../testing/config-fixture.ts';
import { setConfig } from '../config/config-store.ts';
import { setT } from '../i18n/use-t.ts';
import { Autocomplete } from './autocomplete.tsx';
import { searchCompanies,
  searchFreguesias,
  searchMunicipalities,
} from './autocomplete-search.ts';

// A real HTTP server answering like apps/server's search routes (same JSON shape).
const MUNICIPALITIES: MunicipalityHit[] = [
  ['Las Rozas de Madrid', 'Madrid', '28', '28127', 'las-rozas-de-madrid'],
  ['Rozas de Puerto Real', 'Madrid', '28', '28128', 'rozas-de-puerto-real'],
  ['Las Rozas de Valdearroyo', 'Cantabria', '39', '39062', 'las-rozas-de-valdearroyo'],
].map(([name, province, province_code, ine, slug]) => ({
  label: `${name} (${province})`,
  value: name as string,
  name: name as string,
  province: province as string,
  province_code: province_code as string,
  ine: ine as string,
  slug: slug as string,
}));

let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const term = (url.searchParams.get('term') ?? url.searchParams.get('sociedad') ?? '').toLowerCase();
    let body: unknown[] = [];
    if (url.pathname === '/shop/registros.php')
      body = MUNICIPALITIES.filter((m) => m.name.toLowerCase().includes(term));
    if (url.pathname === '/shop/sociedad.php')
      body = term === 'acme' ? [{ label: 'ACME SL', value: 'ACME SL' }] : [];
    if (url.pathname === '/shop/freguesias.php') body = [];
    if (url.pathname === '/shop/broken.php') res.statusCode = 500;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  requests.length = 0;
  setConfig(makeRuntimeConfig({ base_url: base }));
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
    expect(requests).toEqual(['/shop/registros.php?app=1&term=Rozas']);
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
    expect(requests).toEqual(['/shop/registros.php?app=1&term=Las+Rozas']);
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
    expect(requests.at(-1)).toBe('/shop/sociedad.php?app=1&sociedad=Nueva+SL');
  });

  it('searches Portuguese organisations on a Portuguese store', async () => {
    setConfig(makeRuntimeConfig({ base_url: base, store_id: 16, language: 'pt' }));
    await searchCompanies('Sonae', new AbortController().signal);
    expect(requests).toEqual(['/shop/organizacoes.php?app=1&sociedad=Sonae']);
  });

  it('builds the freguesias URL at the store base', async () => {
    const hits = await searchFreguesias('ips')('Estrela', new AbortController().signal);
    expect(hits).toEqual([]);
    expect(requests).toEqual(['/shop/freguesias.php?app=1&type=ips&term=Estrela']);
  });

  it('a failing search says so', async () => {
    render(
      <Autocomplete
        label="Lugar"
        value=""
        onSelect={() => {}}
        search={async (term, signal) => {
          const response = await fetch(`${base}/broken.php?term=${term}`, { signal });
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
