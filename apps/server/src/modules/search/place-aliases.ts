import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REFERENCE_DIR } from '../../paths.ts';

/** One row of es-municipality-aliases.json / es-province-aliases.json (reference/README.md). */
interface AliasRow {
  alias: string;
  kind: 'exonym' | 'former' | 'co-official';
}

export interface PlaceAliases {
  /** INE municipality code -> the names people type for it besides the INE name. */
  municipalities: ReadonlyMap<string, readonly string[]>;
  /** INE province code -> the same for provinces ('Gerona', 'Guipúzcoa', 'Oviedo'). */
  provinces: ReadonlyMap<string, readonly string[]>;
}

async function readAliases(file: string, key: 'ine' | 'code'): Promise<Map<string, string[]>> {
  const rows = JSON.parse(await readFile(path.join(REFERENCE_DIR, file), 'utf8')) as (AliasRow &
    Record<'ine' | 'code', string>)[];
  const byCode = new Map<string, string[]>();
  for (const row of rows) byCode.set(row[key], [...(byCode.get(row[key]) ?? []), row.alias]);
  return byCode;
}

/** The Spanish exonyms, former official names and co-official forms of the reference data (read once). */
export async function loadPlaceAliases(): Promise<PlaceAliases> {
  const [municipalities, provinces] = await Promise.all([
    readAliases('es-municipality-aliases.json', 'ine'),
    readAliases('es-province-aliases.json', 'code'),
  ]);
  return { municipalities, provinces };
}
