import fc from 'fast-check';
import type { z } from 'zod';

// No maintained zod → fast-check bridge supports zod 4 (zod-fast-check stops at zod 3 and fast-check
// 3), so this maps the schema kinds the contract's requests use (docs/decisions/026-contract-fuzzing.md).
// A kind it does not know throws: a new kind in the contract fails the fuzz suite instead of going
// untested. Relative imports in src/test/fuzz carry `.ts`: bench/fuzz.ts loads these files with Node.

/** The parts of zod 4's internal definition this mapper reads. */
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  element?: z.ZodType;
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Ids the seeded catalogue holds (serial keys from 1): valid ids hit real rows as often as not. */
const SMALL_ID_MAX = 64;
const INT32_MAX = 2_147_483_647;

/** A string that satisfies the contract's refinements: JSON text, or an ISO date-time. */
const refinedString = () =>
  fc.oneof(
    isoDateTime(),
    fc.json({ maxDepth: 2 }),
    fc.constantFrom('{"timezone":"Europe/Moscow","offset":3}', '{}', '[]', 'null'),
  );

/**
 * ISO 8601 date-times as requests carry them: `Z` or an offset (the extremes included), with or without
 * seconds; mostly around now, sometimes anywhere from year 1 to 9999.
 */
export function isoDateTime(): fc.Arbitrary<string> {
  const between = (min: string, max: string) =>
    fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
  const date = fc.oneof(
    { arbitrary: between('2020-01-01T00:00:00Z', '2035-12-31T00:00:00Z'), weight: 3 },
    between('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'),
  );
  return fc
    .tuple(
      date,
      fc.constantFrom('Z', '+03:00', '-05:30', '+00:00', '+23:59', '-23:59', '+14:00'),
      fc.boolean(),
    )
    .map(([d, zone, seconds]) => `${d.toISOString().slice(0, seconds ? 19 : 16)}${zone}`);
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined;
  let refined = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = c.minimum ?? 0;
    else if (c.check === 'max_length') max = Math.min(c.maximum ?? max, 300);
    else if (c.check === 'length_equals') min = max = c.length ?? 0;
    else if (c.check === 'string_format' && c.format === 'regex') pattern = c.pattern;
    else if (c.check === 'custom') refined = true;
    else if (c.check !== 'overwrite') throw new Error(`zod-arbitrary: string check ${c.check}`);
  }
  if (def.format === 'uuid') return fc.uuid();
  if (def.format === 'datetime') return isoDateTime();
  // Web addresses (an identity provider's iss): fast-check's, within the length bounds.
  if (def.format === 'url')
    return fc
      .webUrl({ withQueryParameters: true, withFragments: true })
      .filter((url) => url.length >= min && url.length <= max);
  if (def.format !== undefined && def.format !== 'regex')
    throw new Error(`zod-arbitrary: string format ${def.format}`);
  if (refined) return refinedString();
  if (pattern) {
    // `^[class]+$` under length bounds (device uids, tab ids): drawn within the bounds, not filtered.
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(pattern.source);
    if (repeated?.[1])
      return fc.string({
        unit: fc.stringMatching(new RegExp(`^${repeated[1]}$`)),
        minLength: min,
        maxLength: Math.max(min, max),
      });
    return fc.stringMatching(pattern);
  }
  // Any text the schema takes: Cyrillic and emoji, and control characters, NUL and lone surrogates
  // too (a JSON string may carry them, and `z.string()` accepts them).
  const bounds = { minLength: min, maxLength: Math.max(min, max) };
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme', ...bounds }), weight: 2 },
    fc.string({ unit: 'binary', ...bounds }),
    fc
      .constantFrom('\u0000', 'a\u0000b', '\uD800', '\u0007\u001b[31m', '\u202E', '\uFEFF', ' ', 'null')
      .filter((text) => text.length >= min && text.length <= max),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let integer = false;
  let min = -1e9;
  let max = 1e9;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'number_format') integer = c.format === 'safeint' || c.format === 'int32';
    else if (c.check === 'greater_than')
      min = (c.value ?? 0) + (c.inclusive ? 0 : integer || c.value === 0 ? 1 : 1e-9);
    else if (c.check === 'less_than') max = (c.value ?? 0) - (c.inclusive ? 0 : 1);
    else throw new Error(`zod-arbitrary: number check ${c.check}`);
  }
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const any = fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, INT32_MAX)) });
  // Positive ids: mostly the small ones the seeded catalogue has, so valid requests reach real rows.
  if (min >= 1 && max >= SMALL_ID_MAX)
    return fc.oneof({ arbitrary: fc.integer({ min: Math.ceil(min), max: SMALL_ID_MAX }), weight: 3 }, any);
  return any;
}

function objectArbitrary(def: Def): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape ?? {};
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const kind = defOf(field).type;
    if (kind === 'optional' || kind === 'default') {
      parts[key] = anyArbitrary(defOf(field).innerType as z.ZodType);
    } else {
      parts[key] = anyArbitrary(field);
      required.push(key);
    }
  }
  return fc.record(parts, { requiredKeys: required });
}

function anyArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'object':
      return objectArbitrary(def);
    case 'optional':
    case 'default':
      return fc.option(anyArbitrary(def.innerType as z.ZodType), { nil: undefined });
    case 'nullable':
      return fc.option(anyArbitrary(def.innerType as z.ZodType), { nil: null });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(anyArbitrary));
    case 'array':
      return fc.array(anyArbitrary(def.element as z.ZodType), { maxLength: 4 });
    case 'record':
      return fc.dictionary(
        anyArbitrary(def.keyType as z.ZodType) as fc.Arbitrary<string>,
        anyArbitrary(def.valueType as z.ZodType),
        { maxKeys: 4 },
      );
    case 'pipe':
      return anyArbitrary(def.in as z.ZodType);
    default:
      throw new Error(`zod-arbitrary: schema kind ${def.type} is not mapped`);
  }
}

/**
 * Values the schema accepts: drawn from its kinds and bounds, then kept only where the schema (with
 * its refinements, such as authApp's "phone needs verify_code") says yes.
 */
export function zodArbitrary<T extends z.ZodType>(schema: T): fc.Arbitrary<z.input<T>> {
  return anyArbitrary(schema).filter((value) => schema.safeParse(value).success) as fc.Arbitrary<z.input<T>>;
}
