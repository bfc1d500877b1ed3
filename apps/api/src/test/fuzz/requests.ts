import type { CallDefinition } from '@kadr/api-contract';
import fc from 'fast-check';
import {
  hugeBody,
  oddAuthorization,
  oddContentType,
  oddQuery,
  oddRawBody,
  oddSegment,
  oddValue,
  overlong,
} from './mutations.ts';
import { zodArbitrary } from './zod-arbitrary.ts';

/** Whose session a request carries: none, a device's anonymous one, or a signed-in phone's. */
export type AuthKind = 'none' | 'anonymous' | 'signed-in';
/** Every kind, for suites that try each route with each. */
export const AUTH_KINDS: readonly AuthKind[] = ['none', 'anonymous', 'signed-in'];

/** One request as the fuzzer sends it: raw bytes on the wire, whatever the contract says. */
export interface FuzzRequest {
  /** The route it aims at, `METHOD /path/:param`. */
  route: string;
  method: string;
  /** Path and query, percent-encoded (or deliberately not). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The session whose access token the sender adds (unless `headers.authorization` is set). */
  auth: AuthKind;
  /** Built from the contract's schemas and sent as the client sends it: never to be called malformed. */
  valid: boolean;
  /** What was changed, for a failure's report. */
  mutation?: string;
  /** A JSON body the contract's schema refuses (so no 2xx may answer it); undefined when not known. */
  bodyRefused?: boolean;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A path with `:param` placeholders filled with already-encoded segments. */
function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => segments[name] ?? '');
}

const encodeAll = (values: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, encodeURIComponent(String(v))]));

function queryText(values: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) search.append(k, String(v));
  return search.toString();
}

interface Parts {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

function validParts(call: CallDefinition): fc.Arbitrary<Parts> {
  return fc.record({
    params: call.params
      ? (zodArbitrary(call.params) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant(undefined),
    query: call.query
      ? (zodArbitrary(call.query) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant(undefined),
    body: call.body ? zodArbitrary(call.body) : fc.constant(undefined),
  });
}

function assemble(
  call: CallDefinition,
  method: string,
  auth: AuthKind,
  parts: Parts,
  form: boolean,
): FuzzRequest {
  const query = queryText(parts.query);
  const request: FuzzRequest = {
    route: `${method} ${call.path}`,
    method,
    url: `${fillPath(call.path, encodeAll(parts.params))}${query ? `?${query}` : ''}`,
    headers: {},
    auth,
    valid: true,
  };
  if (method === 'POST' && parts.body !== undefined) {
    const asForm = form && call.bodyEncoding === 'form';
    request.headers['content-type'] = asForm ? FORM_TYPE : JSON_TYPE;
    request.body = asForm ? queryText(parts.body as Record<string, unknown>) : JSON.stringify(parts.body);
  }
  return request;
}

/** Requests the contract accepts, sent as @kadr/api-client sends them. */
export function validCallRequest(
  call: CallDefinition,
  method: string,
  auth: AuthKind,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(validParts(call), fc.boolean())
    .map(([parts, form]) => assemble(call, method, auth, parts, form));
}

const MUTATIONS = [
  'field-value',
  'field-missing',
  'field-overlong',
  'field-extra',
  'body-raw',
  'body-huge',
  'body-missing',
  'content-type',
  'path-param',
  'query',
  'authorization',
] as const;

/** Whether the contract's body schema accepts a JSON text (undefined when it is not JSON). */
function bodyRefusedBy(call: CallDefinition, text: string | Uint8Array | undefined): boolean | undefined {
  if (!call.body || typeof text !== 'string' || text === '') return undefined;
  try {
    return !call.body.safeParse(JSON.parse(text)).success;
  } catch {
    return undefined;
  }
}

/**
 * Requests that break the contract one way at a time: a field of the wrong kind, missing or far too
 * long, an unexpected field, a body that is not JSON, too big or missing, a wrong content type, an
 * odd path parameter or query, a forged or malformed Authorization.
 */
export function invalidCallRequest(
  call: CallDefinition,
  method: string,
  auth: AuthKind,
): fc.Arbitrary<FuzzRequest> {
  const kinds = MUTATIONS.filter((kind) => {
    if (kind.startsWith('field-') || kind.startsWith('body-') || kind === 'content-type')
      return method === 'POST' && call.body !== undefined;
    if (kind === 'path-param') return call.params !== undefined;
    return true;
  });
  return fc
    .record({
      parts: validParts(call),
      kind: fc.constantFrom(...kinds),
      pick: fc.nat(),
      value: oddValue,
      long: overlong,
      raw: oddRawBody,
      huge: hugeBody,
      contentType: oddContentType,
      segment: oddSegment,
      query: oddQuery,
      authorization: oddAuthorization,
      key: fc.constantFrom('__proto__', 'constructor', 'extra', 'EK_id', 'uid', ''),
    })
    .map((m) => {
      const request = assemble(call, method, auth, m.parts, false);
      request.valid = false;
      request.mutation = m.kind;
      const body =
        m.parts.body !== null && typeof m.parts.body === 'object' ? { ...(m.parts.body as object) } : {};
      const keys = Object.keys(body);
      const key = keys[m.pick % Math.max(1, keys.length)] ?? 'field';
      switch (m.kind) {
        case 'field-value':
          (body as Record<string, unknown>)[key] = m.value;
          request.body = JSON.stringify(body);
          break;
        case 'field-missing':
          delete (body as Record<string, unknown>)[key];
          request.body = JSON.stringify(body);
          break;
        case 'field-overlong':
          (body as Record<string, unknown>)[key] = m.long;
          request.body = JSON.stringify(body);
          break;
        case 'field-extra': {
          const rest = JSON.stringify(body).slice(1);
          const extra = `${JSON.stringify(m.key)}:${JSON.stringify(m.value) ?? 'null'}`;
          request.body = `{${extra}${rest === '}' ? '' : ','}${rest}`;
          break;
        }
        case 'body-raw':
          request.body = m.raw;
          break;
        case 'body-huge':
          request.body = m.huge;
          break;
        case 'body-missing':
          delete request.body;
          break;
        case 'content-type':
          request.headers['content-type'] = m.contentType;
          request.body ??= '{}';
          break;
        case 'path-param': {
          const names = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
          const name = names[m.pick % names.length] as string;
          const segments = encodeAll(m.parts.params);
          segments[name] = m.segment;
          const at = request.url.indexOf('?');
          request.url = `${fillPath(call.path, segments)}${at === -1 ? '' : request.url.slice(at)}`;
          break;
        }
        case 'query':
          request.url = `${request.url.split('?')[0]}?${m.query}`;
          break;
        case 'authorization':
          request.headers.authorization = m.authorization;
          break;
      }
      if (
        request.body !== undefined &&
        request.headers['content-type'] === undefined &&
        m.kind !== 'content-type'
      )
        request.headers['content-type'] = JSON_TYPE;
      if (request.headers['content-type']?.startsWith(JSON_TYPE))
        request.bodyRefused = bodyRefusedBy(call, request.body);
      return request;
    });
}

/** How to fuzz a route outside the contract: what its path parameters and bodies look like. */
export interface OtherRouteInputs {
  /** Plausible values of path parameters (besides odd ones), by name; `*` for a wildcard's rest. */
  params?: Record<string, fc.Arbitrary<string>>;
  /** Plausible query strings (besides odd ones). */
  query?: fc.Arbitrary<string>;
  /** Plausible bodies (besides odd ones), for POST. */
  body?: fc.Arbitrary<string>;
}

/** The origin fuzz suites list in CORS_ORIGINS, so preflights take both ways. */
export const PARTNER_ORIGIN = 'http://partner.example';

const plainSegment = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

/** Requests to a route outside the contract: plausible and odd parameters, queries, bodies and headers. */
export function otherRequest(
  method: string,
  path: string,
  auth: AuthKind,
  inputs: OtherRouteInputs = {},
): fc.Arbitrary<FuzzRequest> {
  const names = [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
  const segment = (name: string) =>
    fc.oneof({ arbitrary: inputs.params?.[name] ?? plainSegment, weight: 2 }, oddSegment);
  const rest = fc.oneof(
    inputs.params?.['*'] ?? fc.array(plainSegment, { maxLength: 3 }).map((parts) => parts.join('/')),
    fc.array(oddSegment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')),
  );
  const body = fc.oneof(
    inputs.body ?? fc.json({ maxDepth: 2 }),
    oddRawBody,
    hugeBody,
    fc.constant(undefined),
  );
  return fc
    .record({
      segments: fc.record(Object.fromEntries(names.map((name) => [name, segment(name)]))),
      rest,
      query: fc.oneof(inputs.query ?? fc.constant(''), oddQuery, fc.constant('')),
      body,
      contentType: fc.oneof(fc.constant(JSON_TYPE), oddContentType),
      authorization: fc.option(oddAuthorization, { freq: 4 }),
      origin: fc.constantFrom(PARTNER_ORIGIN, 'http://evil.example', 'null'),
    })
    .map((m) => {
      const filled = fillPath(path, m.segments as Record<string, string>);
      const url = path === '*' ? `/${m.rest}` : filled.replace(/\*$/, m.rest);
      const request: FuzzRequest = {
        route: `${method} ${path}`,
        method,
        url: m.query ? `${url}?${m.query}` : url,
        headers: {},
        auth,
        valid: false,
      };
      if (m.authorization !== null) request.headers.authorization = m.authorization;
      if (method === 'OPTIONS') {
        request.headers.origin = m.origin;
        request.headers['access-control-request-method'] = 'POST';
      }
      if (method === 'POST' && m.body !== undefined) {
        request.body = m.body;
        request.headers['content-type'] = m.contentType;
      }
      return request;
    });
}

/** Every string in a JSON value replaced by `text`. */
function withStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((item) => withStrings(item, text));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, text)]));
  return value;
}

/** The path with every parameter (and a wildcard's rest) set to `segment`. */
const everyParam = (path: string, segment: string) =>
  path === '*' ? `/${segment}` : path.replace(/:([A-Za-z_]+)/g, segment).replace(/\*$/, segment);

/**
 * Requests every run sends first, whatever the seed: the kinds of input that found defects before
 * (docs/decisions/026-contract-fuzzing.md) — a NUL in every path parameter, query value and body string
 * (PostgreSQL stores no NUL), and a JSON `null` body.
 */
export function corpusFor(
  call: CallDefinition | undefined,
  method: string,
  path: string,
  auth: AuthKind,
): FuzzRequest[] {
  const route = `${method} ${path}`;
  const corpus: FuzzRequest[] = [];
  if (path.includes(':') || path.endsWith('*'))
    corpus.push({
      route,
      method,
      url: everyParam(path, '%00'),
      headers: {},
      auth,
      valid: false,
      mutation: 'nul',
    });
  if (!call) {
    if (method === 'POST')
      corpus.push({
        route,
        method,
        url: everyParam(path, 'x'),
        headers: { 'content-type': JSON_TYPE },
        body: '{"id":"\\u0000","text":"a\\u0000b"}',
        auth,
        valid: false,
        mutation: 'nul',
      });
    return corpus;
  }
  const [parts] = fc.sample(validParts(call), { seed: 1, numRuns: 1 });
  if (!parts) return corpus;
  if (parts.query) {
    const query = withStrings(
      Object.fromEntries(Object.entries(parts.query).map(([k, v]) => [k, String(v)])),
      'a\u0000b',
    ) as Record<string, unknown>;
    const request = assemble(call, method, auth, { ...parts, query }, false);
    request.valid = call.query?.safeParse(query).success ?? false;
    request.mutation = 'nul';
    corpus.push(request);
  }
  if (method === 'POST' && call.body) {
    // A JSON null, which Fastify hands the validator like a missing body.
    const request = assemble(call, method, auth, parts, false);
    request.headers['content-type'] = JSON_TYPE;
    request.body = 'null';
    request.valid = false;
    request.bodyRefused = bodyRefusedBy(call, 'null');
    request.mutation = 'null-body';
    corpus.push(request);
  }
  if (method === 'POST' && parts.body !== undefined) {
    const body = withStrings(parts.body, 'a\u0000b');
    const request = assemble(call, method, auth, { ...parts, body }, false);
    request.valid = call.body?.safeParse(body).success ?? false;
    request.bodyRefused = !request.valid;
    request.mutation = 'nul';
    corpus.push(request);
  }
  return corpus;
}
