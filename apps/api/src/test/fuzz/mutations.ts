import fc from 'fast-check';

// Inputs a client should never send: the shapes attackers and broken clients do send.

/** Values of the wrong kind, odd numbers and hostile text, for any field. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    '',
    ' ',
    '0',
    'null',
    '1e3',
    '٣',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFFx',
    '\u202Eevil',
    'e\u0301\u0301\u0301',
    '🎬'.repeat(40),
    'ё'.repeat(3000),
    "' OR 1=1 --",
    '"; drop table profiles; --',
    '../../../../etc/passwd',
    '<script>alert(1)</script>',
    `\${7*7}{{7*7}}`, // template injection, literally
    [],
    {},
    [1, 2],
    { $gt: '' },
    { __proto__: { polluted: true } },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
);

/** A string far over any limit of the contract (bodies stay under the 16 KiB body limit). */
export const overlong = fc.constantFrom('x'.repeat(4097), 'я'.repeat(5000), '7'.repeat(12_000));

/** Path segments a router and a handler must refuse cleanly; all ASCII, as an HTTP client sends them. */
export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%00',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%20',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '+1',
    '99999999999999999999',
    '2147483648',
    'NaN',
    'Infinity',
    '%F0%9F%8E%AC',
    '%D1%82%D0%B5%D1%81%D1%82',
    'a'.repeat(101),
    'a'.repeat(3000),
    '__proto__',
    'constructor',
    '%27%20OR%201%3D1',
  ),
  fc.string({ unit: fc.constantFrom(..."abz09_-.~%!$&'()*+,;=:@".split('')), maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponentLoose),
);

/** encodeURIComponent that leaves lone surrogates as `%ED%A0%80`-style bytes instead of throwing. */
function encodeURIComponentLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (ch) => {
      const code = ch.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff)
        return `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}`;
      return encodeURIComponent(ch);
    }).join('');
  }
}

/** Query strings with repeated keys, nesting, bad encoding and pollution keys. */
export const oddQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a=%',
    'a=%zz',
    '%=1',
    '__proto__=1',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'tab_id=main&tab_id=other',
    'tab_id[]=main',
    'id=1&id=2',
    'EK_id=&dev_type=',
    `x=${'q'.repeat(5000)}`,
    '&&&==&',
    'phone=7%00',
  ),
  fc
    .array(fc.tuple(oddSegment, oddSegment), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
);

/** Bodies that are not the JSON object a call expects. */
export const oddRawBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom<string | Uint8Array>(
    '{',
    '{"a":',
    'nul',
    'null',
    'true',
    '1',
    '"text"',
    '[]',
    '[{}]',
    '{"a":1e999}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\uFEFF{}',
    `${'['.repeat(4000)}${']'.repeat(4000)}`,
    `{"a":"${'\\ud800'.repeat(10)}"}`,
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    new Uint8Array([0xc3, 0x28, 0xa0, 0xa1]),
  ),
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Bodies over the 16 KiB limit: 413 before anything reads them. */
export const hugeBody = fc.constantFrom(
  JSON.stringify({ uid: 'x'.repeat(17 * 1024) }),
  JSON.stringify({ items: Array.from({ length: 40_000 }, (_, i) => i) }),
);

/** Content types a JSON call must refuse or read the same as JSON. */
export const oddContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  '*/*',
  'application/octet-stream',
  ';;;',
);

/** Authorization headers that are not a live session's. */
export const oddAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer a b',
    'Basic dXNlcjpwYXNz',
    'bearer x.y.z',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOjEsInBpZCI6MX0.c2lnbmF0dXJl',
    `Bearer ${'A'.repeat(8000)}`,
  ),
  fc.string({ unit: fc.constantFrom(...'abcXYZ019._-'.split('')), maxLength: 200 }).map((s) => `Bearer ${s}`),
);
