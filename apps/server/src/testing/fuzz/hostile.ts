import fc from 'fast-check';

/** Nested arrays `depth` deep: `[[[…]]]`. */
function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Strings an attacker sends to every field. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'Calle\u0000Mayor',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '🏠'.repeat(300),
  'a'.repeat(70_000),
  '<script>alert(1)</script>',
  "' OR 1=1; --",
  '%00%ff%fe',
  '../../../etc/passwd',
  '\u202eevil\u202c',
  '   ',
  '',
  '2147483648',
  '999999999999999',
  '-1',
  '0',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '4324,6310',
  'null',
];

/** A hostile string, storage-breaking ones (NUL, lone surrogates) most often. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('\u0000', 'Calle\u0000Mayor', '\ud800', 'x\udfff', '\udc00\ud800'),
  },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any JSON value an attacker may put where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(
    2147483648,
    -2147483649,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    false,
    null,
    [],
    {},
    nested(120),
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: { polluted: true } } },
    { toString: 'x', valueOf: 1 },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);
