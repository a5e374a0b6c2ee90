import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile.ts';

/** The parts of JSON Schema (draft 2020-12, as zod's toJSONSchema writes it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const MAX_DEPTH = 6;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https', 'http'] });
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot read: plain strings.
    }
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true });
}

/** Values that mostly fit the schema (so requests reach the handlers), each field sometimes replaced by a hostile one. */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingArbitrary(schema, depth);
  // Where a string is expected, a hostile string is the likeliest attack.
  const hostile = schema.type === 'string' ? hostileString : hostileValue;
  return fc.oneof(
    { weight: 4, arbitrary: fitting },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: hostileValue },
  );
}

function fittingArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties ?? {}, part.properties ?? {});
      merged.required?.push(...(part.required ?? []));
    }
    return fittingArbitrary(merged, depth);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fittingArbitrary({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      // Sometimes an extra key an attacker adds (unknown fields, prototype keys).
      return fc
        .tuple(record, fc.option(fc.constantFrom('__proto__', 'constructor', 'extra', 'form_key')))
        .map(([value, extra]) => (extra ? { ...value, [extra]: { polluted: true } } : value));
    }
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, depth + 1) : hostileValue, {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
