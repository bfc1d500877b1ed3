import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Writes one answer as JSON. */
export type AnswerSerializer = (data: unknown) => string;

type JsonSchema = Record<string, unknown>;

/**
 * Keywords that only restrict values. Serialization of a valid answer does not depend on them, and
 * fast-json-stringify would otherwise check `pattern`/`format` with Ajv inside every union branch.
 * `default` goes too: fast-json-stringify would fill missing fields with it, zod's encoding does not.
 */
const CHECK_ONLY = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'default',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'propertyNames',
]);

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON schema that serializes like the original: check-only keywords dropped, `anyOf` of one
 * schema and null written as a type list (`['string', 'null']`, which fast-json-stringify writes
 * without trying branches), and `anyOf` whose branches became identical (the contract's `url`: two
 * kinds of string) collapsed to one.
 */
function simplify(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CHECK_ONLY.has(key)) continue;
    if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, isSchema(child) ? simplify(child) : child]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      out[key] = simplify(value);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map((branch) => (isSchema(branch) ? simplify(branch) : branch));
    } else {
      out[key] = value;
    }
  }
  const branches = out.anyOf;
  if (!Array.isArray(branches)) return out;
  const { anyOf: _anyOf, ...rest } = out;
  const distinct = [...new Map(branches.map((b) => [JSON.stringify(b), b as JsonSchema])).values()];
  const notNull = distinct.filter((b) => b.type !== 'null' || Object.keys(b).length !== 1);
  if (distinct.length === 1) return { ...rest, ...distinct[0] };
  const only = notNull[0];
  if (notNull.length === 1 && only && typeof only.type === 'string' && only.anyOf === undefined) {
    return { ...rest, ...only, type: [only.type, 'null'] };
  }
  return { ...rest, anyOf: distinct };
}

/** The JSON schema fast-json-stringify compiles for a contract schema (its encoded, input side). */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'throw',
    reused: 'inline',
  }) as JsonSchema;
  return simplify(json);
}

/** A serializer compiled from the schema; throws when the schema has no JSON schema form. */
export function compileAnswerSerializer(schema: z.ZodType): AnswerSerializer {
  return fastJsonStringify(serializationSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
}

/** The contract's own encoding: zod's encode, then JSON.stringify (fastify-type-provider-zod). */
function zodSerializer(schema: unknown, method: string, url: string): AnswerSerializer {
  return zodSerializerCompiler({ schema, method, url } as Parameters<typeof zodSerializerCompiler>[0]);
}

export interface ResponseSerializerOptions {
  /**
   * Also encode every answer with zod and fail when the JSON differs or the answer breaks the
   * contract (tests: every answer of every suite is checked). Off in service: that is the cost saved.
   */
  check: boolean;
}

/**
 * Fastify's serializer compiler for the contract's zod response schemas: answers are written by a
 * fast-json-stringify function compiled from the schema's JSON form (docs/decisions/002, decision
 * 10) — about a quarter of zod's encode and JSON.stringify. Input is still validated by zod. Compiled
 * on first use (start-up compiles nothing) and once per schema (the error envelope is shared by every
 * route). A schema without a JSON form keeps zod's encoding.
 */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<z.ZodType> {
  const compiled = new WeakMap<z.ZodType, AnswerSerializer>();
  const compile = (schema: z.ZodType, method: string, url: string): AnswerSerializer => {
    let serializer = compiled.get(schema);
    if (!serializer) {
      try {
        serializer = compileAnswerSerializer(schema);
      } catch {
        serializer = zodSerializer(schema, method, url);
      }
      compiled.set(schema, serializer);
    }
    return serializer;
  };
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return zodSerializer(schema, method, url);
    let serializer: AnswerSerializer | undefined;
    const fast: AnswerSerializer = (data) => {
      serializer ??= compile(schema, method, url);
      return serializer(data);
    };
    if (!options.check) return fast;
    const exact = zodSerializer(schema, method, url);
    return (data) => {
      const expected = exact(data);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(
          `${method} ${url}: the compiled serializer wrote ${written}, the contract's encoding ${expected}`,
        );
      }
      return written;
    };
  };
}
