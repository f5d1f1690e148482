import type { Endpoint } from '@prizes/contracts'
import fc from 'fast-check'

/**
 * Generators of malformed requests for the endpoint fuzz test: path parameters, query strings
 * and bodies built from values that broke the platform before (NUL, lone surrogates, overlong
 * text, bad percent-encoding, wrong types), mixed with valid ones so that requests also get
 * past validation and into the handlers.
 */

/** UTF-8 bytes of a string, a lone surrogate written as its three WTF-8 bytes (what `encodeURIComponent` refuses). */
export function percentEncode(value: string): string {
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    const next = value.charCodeAt(i + 1)
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2))
      i++
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    } else {
      out += encodeURIComponent(value[i] ?? '')
    }
  }
  return out
}

/** Text that broke storage or decoding somewhere: NUL, lone surrogates, huge, odd Unicode. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', 'x'.repeat(900_000)), weight: 3 },
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uDBFF\uDBFF',
    '',
    ' ',
    '\u202E',
    '\uFEFF',
    '😀'.repeat(300),
    'x'.repeat(5000),
    '%00',
    "'; drop table events; --",
    '../../etc/passwd',
    '0',
    '-1',
    '1e400',
    'NaN',
    'true',
    '2030-13-45',
    '+275760-09-13T00:00:00.000Z',
    '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
)

/** Any JSON value, with nasty text at the leaves and big or odd numbers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nastyText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(nastyText, { maxLength: 5 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  // Dates anywhere in JavaScript's range, most of them years no event can hold.
  fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '9999-12-31T23:59:59.999Z'),
  ),
)

/** A path segment: a valid id of the right kind, another valid-looking one, or garbage. */
export function pathSegment(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...valid).map(encodeURIComponent), weight: 2 },
    fc.uuid().map(encodeURIComponent),
    { arbitrary: urlText.filter((value) => value !== '').map(percentEncode), weight: 2 },
    fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%ED%A0%80',
      '%C0%80',
      '%00',
      '%FF',
      '..',
      '%2e%2e',
      'x'.repeat(300),
    ),
  )
}

/** Nasty text short enough for a URL (a server refuses request lines past about 16 KB). */
const urlText = nastyText.filter((value) => value.length < 2000)

/** A query string: known keys (page) and others, repeated keys, bad escapes. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('page', 'id', 'limit', '__proto__'), urlText),
      fc.oneof(urlText, fc.constantFrom('1', '2', '0', '-1', '999999999', '1.5', '%', '%ED%A0%80')),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value]) => `${percentEncode(key)}=${value.startsWith('%') ? value : percentEncode(value)}`).join('&')}`,
  )

export type Body =
  | { readonly kind: 'json'; readonly text: string }
  | { readonly kind: 'raw'; readonly contentType: string | undefined; readonly text: string }
  | { readonly kind: 'multipart'; readonly fields: Record<string, string>; readonly image?: Uint8Array }

/** A valid body with one to three fields replaced, removed, or added. */
function mutated(sample: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(sample)
  const key =
    keys.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 4 }, nastyText) : nastyText
  const change = fc.tuple(key, nastyValue, fc.integer({ min: 0, max: 5 }))
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const copy: Record<string, unknown> = { ...sample }
    for (const [field, value, roll] of changes) {
      if (roll === 0) delete copy[field]
      else copy[field] = value
    }
    return copy
  })
}

/** A tiny PNG whose header claims a size; no pixel data. */
export function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  bytes.set([8, 6, 0, 0, 0], 24)
  return bytes
}

const images: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom(
    pngHeader(16000, 16000),
    pngHeader(0, 0),
    pngHeader(2 ** 31, 1),
    pngHeader(20, 20),
    new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0xff, 0xff, 0xff, 0xff]),
    new TextEncoder().encode('GIF89a\xff\xff\xff\xff'),
    new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X\n\0\0\0\0\0\0\0\xff\xff\xff\xff\xff\xff'),
  ),
)

/** Bodies for an endpoint: mutations of its valid sample, random JSON, broken JSON, other types. */
export function body(endpoint: Endpoint, sample: Record<string, unknown> | undefined): fc.Arbitrary<Body> {
  const base = sample ?? {}
  const json = (value: unknown): Body => ({ kind: 'json', text: JSON.stringify(value) ?? 'null' })
  const variants: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: mutated(base).map(json), weight: 6 },
    { arbitrary: nastyValue.map(json), weight: 1 },
    { arbitrary: fc.constant(json(base)), weight: 1 },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":',
          '"\\u0000"',
          '{"x":"\\ud800"}',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
          '\u0000',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
        )
        .map((text): Body => ({ kind: 'json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded'), nastyText)
        .map(([contentType, text]): Body => ({ kind: 'raw', contentType, text })),
    },
  ]
  if (endpoint.path === '/api/admin/competitions' || endpoint.path === '/api/admin/competitions/:id') {
    const asFields = (value: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(value).map(([key, field]) => [
          key,
          typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field),
        ]),
      )
    variants.push({
      weight: 4,
      arbitrary: fc.tuple(mutated(base), fc.option(images, { nil: undefined })).map(
        ([fields, image]): Body => ({
          kind: 'multipart',
          fields: asFields(fields),
          ...(image ? { image } : {}),
        }),
      ),
    })
  }
  return fc.oneof(...variants)
}
