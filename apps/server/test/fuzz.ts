/** Seeded generators of malformed requests for the fuzz test (plugins/fuzz.test.ts). */
import { random } from '../src/db/seed/ids';

/** The seed's deterministic generator (mulberry32): the same seed gives the same requests on every run. */
export function prng(seed: number) {
  const { next } = random(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

/** Path segments, already URL-encoded: NUL, dot-segments, overlong, non-UUID, unicode, broken escapes. */
export const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc',
  '%2F',
  'x'.repeat(99),
  'y'.repeat(101),
  'z'.repeat(2000),
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '-1',
  '0',
  '1e999',
  'null',
  'undefined',
  '%27%20or%201%3D1--',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  encodeURIComponent('ñandú😀'),
  encodeURIComponent('\u202e\ufeff'),
  '%ff%fe',
  '%e0%a4%a',
  '%',
  '%zz',
  '%C0%AE%C0%AE',
];

/** Query values, as they would arrive (the caller URL-encodes them). */
export const BAD_QUERY_VALUES = [
  '\u0000',
  'a\u0000b',
  '..',
  '',
  ' ',
  'x'.repeat(10_000),
  '-1',
  '0',
  '1.5',
  '1e999',
  'NaN',
  'abc',
  'true',
  '[]',
  '{}',
  'ñandú😀',
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1--",
  '%',
  '2024-02-31',
  '9999-99-99T99:99:99Z',
];

const hugeString = (rng: Rng) => 'é'.repeat(50_000 + rng.int(1000));

/** JSON values of every type and shape a field might not expect. */
export function badValues(rng: Rng): unknown[] {
  return [
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    -0,
    2 ** 53 + 1,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    hugeString(rng),
    'ñandú😀',
    '\ud800x',
    '<script>alert(1)</script>',
    [],
    [1, 'a', null],
    {},
    { nested: { deeper: ['x'] } },
    rng.uuid(),
    '2024-02-31T25:61:00Z',
    'x@y',
    '../../etc/passwd',
  ];
}

/** A plausible value for a JSON schema, so one bad field at a time reaches past the others. */
export function plausible(schema: JsonSchema | undefined, rng: Rng): unknown {
  if (!schema) return 'text';
  if (schema.enum?.length) return rng.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(rng.pick(variants), rng);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, rng)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, rng)]));
    default:
      if (schema.format === 'email') return `fuzz${rng.int(1e9)}@example.com`;
      return 'A plausible text';
  }
}

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  format?: string;
  minimum?: number;
}

export interface RawBody {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** Bodies that are broken before any field is looked at. */
export function brokenBodies(): RawBody[] {
  const json = 'application/json';
  const boundary = 'fuzzboundary';
  const part = (head: string, data: string) => `--${boundary}\r\n${head}\r\n\r\n${data}\r\n`;
  return [
    { label: 'no body' },
    { label: 'empty JSON', payload: '', contentType: json },
    { label: 'invalid JSON', payload: '{"a":', contentType: json },
    { label: 'trailing comma', payload: '{"a":1,}', contentType: json },
    { label: 'JSON null', payload: 'null', contentType: json },
    { label: 'JSON string', payload: '"text"', contentType: json },
    { label: 'JSON number', payload: '12', contentType: json },
    { label: 'JSON array', payload: '[{"a":1}]', contentType: json },
    { label: 'deep JSON', payload: '['.repeat(10_000) + ']'.repeat(10_000), contentType: json },
    { label: 'deep JSON objects', payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), contentType: json },
    { label: 'prototype pollution', payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{}}}', contentType: json },
    { label: 'NUL in a key', payload: '{"a\\u0000":"x"}', contentType: json },
    { label: 'latin-1 JSON', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0xff, 0x22, 0x7d]), contentType: json },
    { label: 'JSON with charset', payload: '{}', contentType: 'application/json; charset=utf-16' },
    { label: 'text/plain', payload: 'hello\u0000', contentType: 'text/plain' },
    { label: 'form-urlencoded', payload: 'a=b&role=admin', contentType: 'application/x-www-form-urlencoded' },
    { label: 'xml', payload: '<a>b</a>', contentType: 'application/xml' },
    { label: 'garbage content type', payload: '{}', contentType: 'nonsense/;;;=' },
    { label: 'multipart without boundary', payload: part('Content-Disposition: form-data; name="a"', 'b'), contentType: 'multipart/form-data' },
    { label: 'multipart garbage', payload: 'garbage\r\n--', contentType: `multipart/form-data; boundary=${boundary}` },
    {
      label: 'multipart truncated',
      payload: part('Content-Disposition: form-data; name="a"', 'b').slice(0, 50),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: 'multipart NUL field',
      payload: part('Content-Disposition: form-data; name="coverLetter"', 'a\u0000b') + `--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: 'multipart unknown file',
      payload:
        part('Content-Disposition: form-data; name="whatever"; filename="../../x.pdf"\r\nContent-Type: application/pdf', '%PDF-1.4 fake') +
        `--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
  ];
}
