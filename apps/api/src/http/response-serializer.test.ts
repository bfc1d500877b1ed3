import { callList, envelope, errorEnvelope } from '@kadr/api-contract';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileAnswerSerializer,
  responseSerializerCompiler,
  serializationSchema,
} from './response-serializer';

type JsonSchema = Record<string, unknown>;

/** Strings a pattern may want; the first one the pattern accepts is used. */
const PATTERN_CANDIDATES = [
  '79991234567',
  '1234',
  '123456',
  '42',
  '/media/images/1.jpg',
  'web_ABCDEFGHIJKLMNOP',
  '2026-11-22',
  '10:00',
  'a',
];
const TRICKY_TEXT = 'Фильм "Кадр" \\ </script>\n\t\u2028 😀';

/**
 * A valid value for a JSON schema of the contract. `full`: every optional field present, nullable
 * ones set, the first branch of a union; otherwise optional fields left out, nullable ones null and
 * the last branch. Free-form strings carry quotes, Cyrillic, control characters and an emoji.
 */
function sample(schema: JsonSchema, full: boolean): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return full ? schema.enum[0] : schema.enum.at(-1);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) {
    const branches = union.filter((b) => b.type !== 'null');
    if (!full && branches.length < union.length) return null;
    return sample((full ? branches[0] : branches.at(-1)) as JsonSchema, full);
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    if (!full && types.length < schema.type.length) return null;
    return sample({ ...schema, type: types[0] }, full);
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (full || required.has(key)) value[key] = sample(property, full);
      }
      if (isSchemaObject(schema.additionalProperties)) {
        value['17'] = sample(schema.additionalProperties, full);
        if (full) value['3'] = sample(schema.additionalProperties, false);
      }
      return value;
    }
    case 'array':
      return full
        ? [sample(schema.items as JsonSchema, true), sample(schema.items as JsonSchema, false)]
        : [];
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : minimum;
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
      // A bounded number (a fraction of 0–1) takes its bound when the usual sample is past it.
      return Math.min(maximum, Math.max(floor, full ? 7 : 1));
    }
    case 'boolean':
      return full;
    case 'string':
      return stringSample(schema);
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null;
}

function stringSample(schema: JsonSchema): string {
  if (schema.format === 'uri') return 'https://cdn.example.com/poster.jpg?w=1&h=2';
  if (schema.format === 'uuid') return '0b9a3c3e-4a3f-4c1e-9d2a-6f1e2d3c4b5a';
  if (schema.format === 'date-time') return '2026-11-22T10:00:00+03:00';
  if (schema.format === 'date') return '2026-11-22';
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (!match) throw new Error(`no sample string for pattern ${schema.pattern}`);
    return match;
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return TRICKY_TEXT.padEnd(minLength, 'x');
}

const answerSchemas: Array<[string, z.ZodType]> = [
  ...callList.map((call): [string, z.ZodType] => [call.id, envelope(call.response)]),
  ['error envelope', errorEnvelope],
];

function zodEncoding(schema: z.ZodType) {
  return zodSerializerCompiler({ schema, method: 'GET', url: '/' } as Parameters<
    typeof zodSerializerCompiler
  >[0]) as (data: unknown) => string;
}

describe('compiled answer serializers', () => {
  it.each(answerSchemas)('%s: writes the same JSON as zod encoding of the contract', (_id, schema) => {
    const compiled = compileAnswerSerializer(schema);
    const exact = zodEncoding(schema);
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', reused: 'inline' }) as JsonSchema;
    for (const full of [true, false]) {
      const answer = sample(json, full);
      // The sample must be a valid answer, or the comparison proves nothing.
      expect(schema.safeParse(answer).success, JSON.stringify(answer)).toBe(true);
      expect(compiled(answer)).toBe(exact(answer));
      // Fields outside the contract are left out by both.
      const extra = { ...(answer as object), internal: 'secret' };
      expect(compiled(extra)).toBe(exact(extra));
    }
  });

  it('keeps unions whose branches differ and writes nullable fields as a type list', () => {
    const schema = z.object({
      when: z.string().nullable(),
      link: z.union([z.url(), z.string().regex(/^\//)]),
      either: z.union([
        z.object({ kind: z.literal('a'), a: z.number() }),
        z.object({ kind: z.literal('b') }),
      ]),
    });
    const properties = serializationSchema(schema).properties as Record<string, JsonSchema>;
    expect(properties.when).toEqual({ type: ['string', 'null'] });
    expect(properties.link).toEqual({ type: 'string' });
    expect(properties.either?.anyOf).toHaveLength(2);
    const compiled = compileAnswerSerializer(schema);
    const exact = zodEncoding(schema);
    for (const answer of [
      { when: null, link: '/x', either: { kind: 'b', a: 1 } },
      { when: 'now', link: 'https://x.example', either: { kind: 'a', a: 1.5 } },
    ]) {
      expect(compiled(answer)).toBe(exact(answer));
    }
  });

  it('fails when a required field is missing, like zod', () => {
    const getProfile = callList.find((call) => call.id === 'getProfile');
    if (!getProfile) throw new Error('getProfile is not in the contract');
    const compiled = compileAnswerSerializer(envelope(getProfile.response));
    expect(() => compiled({ code: 200, success: true, response: { phone: null } })).toThrow(/profile_id/);
  });
});

describe('responseSerializerCompiler', () => {
  const schema = envelope(z.object({ n: z.number().int() }));

  async function appWith(check: boolean, answer: unknown) {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler({ check }));
    app.get('/answer', { schema: { response: { 200: schema } } }, async () => answer);
    return app.inject({ method: 'GET', url: '/answer' });
  }

  it('writes answers with the compiled serializer', async () => {
    const res = await appWith(false, { code: 200, success: true, response: { n: 3, extra: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"code":200,"success":true,"response":{"n":3}}');
  });

  it('in check mode refuses an answer that breaks the contract', async () => {
    const answer = { code: 200, success: true, response: { n: 1.5 } };
    expect((await appWith(true, answer)).statusCode).toBe(500);
    // Without the check the compiled serializer writes it as best it can: the check is what tests add.
    expect((await appWith(false, answer)).statusCode).toBe(200);
  });
});
