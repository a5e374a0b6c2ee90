import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const XSD_DIR = fileURLToPath(new URL('./xsd/', import.meta.url));

/** Every schema file of ./xsd, loaded once, for xmllint's in-memory file system. */
let preload: { fileName: string; contents: string }[] | undefined;
function schemas() {
  preload ??= readdirSync(XSD_DIR)
    .filter((name) => name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(XSD_DIR + fileName, 'utf8') }));
  return preload;
}

/**
 * Validates XML against one of the AEAT's schemas (libxml2 compiled to
 * WebAssembly): 'SuministroLR.xsd' for a RegFactuSistemaFacturacion,
 * 'RespuestaSuministro.xsd' for an answer, 'envelope.xsd' for a whole SOAP message.
 * Returns libxml2's error messages (empty: valid).
 */
export async function xsdErrors(xml: string, schema: string): Promise<string[]> {
  const all = schemas();
  const main = all.find((s) => s.fileName === schema);
  if (!main) throw new Error(`no schema ${schema}`);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [main],
    preload: all.filter((s) => s !== main),
  });
  return result.errors.map((e) => e.rawMessage);
}
