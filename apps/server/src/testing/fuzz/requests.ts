import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { toJSONSchema } from 'zod';
import { minimalPdf, tinyPng } from '../files.ts';
import { HOSTILE_STRINGS, hostileString, hostileValue } from './hostile.ts';
import { arbitraryFor, type JsonSchema } from './json-schema-arbitrary.ts';

/** One request the fuzzer sends. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Send the session's form key (a forged request does not). */
  withFormKey: boolean;
}

/** A route as Fastify registered it, with the zod schemas of its parts. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  multipart: boolean;
}

/** The routes to drive: every one the app registered (HEAD copies of GET routes included). */
export function fuzzRoutes(routes: RouteOptions[]): FuzzRoute[] {
  const out: FuzzRoute[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      out.push({
        method,
        url: route.url,
        schema: (route.schema ?? {}) as FuzzRoute['schema'],
        multipart: route.url.endsWith('/pushFilesToPedido') || route.url.endsWith('/result'),
      });
    }
  }
  return out;
}

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema) return null;
  try {
    return toJSONSchema(schema as never, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Percent-encodes any string; lone surrogates become their WTF-8 bytes (%ED%A0%80), as an attacker would send them. */
export function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff) {
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else {
        out += encodeURIComponent(char);
      }
    }
    return out;
  }
}

/** A path segment: mostly what the params schema expects, often hostile. */
const segment = fc.oneof(
  fc.stringMatching(/^[1-9]\d{0,14}$/),
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 200)),
  fc.string({ maxLength: 12 }),
);

function pathArbitrary(url: string, paramsSchema: JsonSchema | null): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const params = paramsSchema?.properties
    ? fc.record(
        Object.fromEntries(
          names.map((n) => [
            n,
            fc.oneof(segment, arbitraryFor(paramsSchema.properties?.[n] ?? {}).map(asText)),
          ]),
        ),
      )
    : fc.record(Object.fromEntries(names.map((n) => [n, segment])));
  return fc.tuple(params, segment).map(([values, wildcard]) => {
    let path = url;
    for (const name of names) path = path.replace(`:${name}`, encodeAny(asText(values[name])));
    return path.replace('*', encodeAny(wildcard));
  });
}

function queryArbitrary(schema: JsonSchema | null): fc.Arbitrary<string> {
  const fromSchema = schema ? arbitraryFor(schema) : fc.constant({});
  const raw = fc.constantFrom(
    '%ff',
    'id=%00',
    'id[]=1&id[]=2',
    'store_id=16&store_id=14',
    'a'.repeat(3000),
    '',
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fromSchema.map((value) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
        return Object.entries(value)
          .map(([key, item]) => `${encodeAny(key)}=${encodeAny(asText(item))}`)
          .join('&');
      }),
    },
    { weight: 1, arbitrary: raw },
  );
}

/** Sets the values at one to three paths of a valid example to hostile ones (a hostile string where a string was). */
function mutated(example: unknown): fc.Arbitrary<unknown> {
  const leaves: { path: string[]; text: boolean }[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value && typeof value === 'object') {
      leaves.push({ path, text: false });
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    } else {
      leaves.push({ path, text: typeof value === 'string' });
    }
  };
  walk(example, []);
  // String leaves first (that is where text reaches the database), one change most of the time
  // (several at once are mostly refused at the first, hiding the others).
  const leaf = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...leaves.filter((l) => l.text).concat(leaves.slice(0, 1))) },
    { weight: 1, arbitrary: fc.constantFrom(...leaves) },
  );
  const change = leaf.chain((chosen) =>
    (chosen.text ? hostileString : hostileValue).map((value) => ({ path: chosen.path, value })),
  );
  const changes = fc.oneof(
    { weight: 4, arbitrary: change.map((c) => [c]) },
    { weight: 1, arbitrary: fc.array(change, { minLength: 2, maxLength: 3 }) },
  );
  return changes.map((list) => {
    let copy = structuredClone(example) as unknown;
    for (const { path, value } of list) {
      if (path.length === 0) {
        copy = value;
        continue;
      }
      let target = copy as Record<string, unknown>;
      for (const key of path.slice(0, -1)) {
        const next = target?.[key];
        if (!next || typeof next !== 'object') return copy;
        target = next as Record<string, unknown>;
      }
      if (target && typeof target === 'object') target[path[path.length - 1] as string] = value;
    }
    return copy;
  });
}

function multipartArbitrary(): fc.Arbitrary<{ contentType: string; payload: Buffer }> {
  const file = fc.record({
    name: fc.constantFrom('files', 'file', ''),
    filename: fc.oneof(
      fc.constantFrom('a.pdf', 'a\u0000.pdf', '../../x.pdf', '🏠.png', ''),
      fc.string({ maxLength: 30 }),
    ),
    data: fc.oneof(
      fc.constant(minimalPdf()),
      fc.constant(tinyPng()),
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    ),
  });
  const field = fc.record({
    name: fc.constantFrom('option_id', 'item_id', '__proto__', 'x'),
    value: fc.oneof(
      fc.constantFrom('2724', '1', '2147483648', '0'),
      fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)),
    ),
  });
  return fc
    .tuple(
      fc.array(field, { maxLength: 3 }),
      fc.array(file, { maxLength: 3 }),
      fc.constantFrom('ok', 'no-boundary', 'truncated', 'no-end'),
      fc.nat({ max: 400 }),
    )
    .map(([fields, files, shape, cut]) => {
      const boundary = `----fuzz${randomBytes(4).toString('hex')}`;
      const chunks: Buffer[] = [];
      for (const f of fields) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`,
          ),
        );
      }
      for (const f of files) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          f.data,
          Buffer.from('\r\n'),
        );
      }
      if (shape !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (shape === 'truncated') payload = payload.subarray(0, Math.min(cut, payload.length));
      const contentType =
        shape === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
      return { contentType, payload };
    });
}

/** Requests for one route: from its zod schemas, hostile values mixed in; valid examples mutated where given. */
export function requestArbitrary(route: FuzzRoute, examples: unknown[] = []): fc.Arbitrary<FuzzRequest> {
  const path = pathArbitrary(route.url, jsonSchemaOf(route.schema.params));
  const query = queryArbitrary(jsonSchemaOf(route.schema.querystring));
  const bodySchema = jsonSchemaOf(route.schema.body);
  const withFormKey = fc.oneof(
    { weight: 4, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  );
  if (route.multipart) {
    return fc.tuple(path, query, multipartArbitrary(), withFormKey).map(([p, q, body, key]) => ({
      method: route.method,
      url: q ? `${p}?${q}` : p,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
      withFormKey: key,
    }));
  }
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  const bodies: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof(
        { weight: 3, arbitrary: arbitraryFor(bodySchema) },
        ...(examples.length ? [{ weight: 3, arbitrary: fc.constantFrom(...examples).chain(mutated) }] : []),
        { weight: 1, arbitrary: hostileValue },
      )
    : hostileValue;
  const rawBody = fc.constantFrom('{"a":', '', 'null', '[]', '"x"', '{"config":{"form_key":1},"form":[]}');
  return fc
    .tuple(
      path,
      query,
      bodies,
      fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: rawBody }),
      withFormKey,
    )
    .map(
      ([p, q, body, raw, key]): FuzzRequest => ({
        method: route.method,
        url: q ? `${p}?${q}` : p,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        ...(hasBody ? { payload: raw ?? JSON.stringify(body) ?? 'null' } : {}),
        withFormKey: key,
      }),
    );
}
