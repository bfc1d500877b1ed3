import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callList } from '@kadr/api-contract';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { FakeClock, pgliteBackend, testEnv } from '../harness';
import { AUTH_KINDS, type AuthKind, PARTNER_ORIGIN } from './requests.ts';
import {
  examplesFor,
  knownRouteKeys,
  type RouteCase,
  routeCase,
  routeKeys,
  UNSERVED_CALLS,
} from './routes.ts';
import { anonymousToken, routeProperty, type Send, signedInToken, type Tokens } from './run.ts';

/**
 * The contract-driven fuzz suite (docs/decisions/026-contract-fuzzing.md): every route the api
 * registers, with no session, an anonymous one and a signed-in one, valid requests drawn from the
 * contract's schemas and broken ones, in process on PGlite with the demo catalogue, a fixed seed.
 * bench/fuzz.ts runs the same properties far longer over HTTP with a random seed.
 */
const SEED = 20_261_126;
/** Requests per route and session kind: calls get more (their inputs have more shapes). */
const CALL_RUNS = 24;
const OTHER_RUNS = 6;

const registered: Array<Pick<RouteOptions, 'method' | 'url'>> = [];
const clock = new FakeClock();
let app: FastifyInstance;
let opened: { database: Database; dispose(): Promise<void> };
let send: Send;
let clients = 0;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kadr-fuzz-'));
  // A web build of its two pages, so /promo/web/* serves files and its fallback as in production.
  const webDist = join(dataDir, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><head><title>Кадр</title></head>');
  writeFileSync(join(webDist, 'embed.html'), '<!doctype html><head><title>Плеер Кадра</title></head>');
  writeFileSync(join(webDist, 'assets', 'x.js'), 'export {};');
  // One app and database for the whole run (the harness's useApi empties them after each test).
  opened = await pgliteBackend.open();
  app = await buildApp({
    env: testEnv({ DATA_DIR: dataDir, WEB_DIST: webDist, CORS_ORIGINS: PARTNER_ORIGIN }),
    db: opened.database,
    clock,
    seedCatalogue: true,
    onRoute: (route) => registered.push({ method: route.method, url: route.url }),
  });
  send = async (request) => {
    const options: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers: request.headers,
      // Each route's requests come from their own address: per-address limits stay per route.
      remoteAddress: `10.77.${Math.floor(clients / 250)}.${clients % 250}`,
    };
    if (request.body !== undefined)
      options.payload = typeof request.body === 'string' ? request.body : Buffer.from(request.body);
    const res = await app.inject(options);
    return { status: res.statusCode, headers: res.headers, text: res.body };
  };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await opened?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Fresh sessions for one route's run: a fuzzed logout or refresh must not end the next route's. */
async function tokensFor(auth: AuthKind): Promise<Tokens> {
  clients += 1;
  clock.advance(120);
  const device = `web_fuzz${String(clients).padStart(12, '0')}`;
  if (auth === 'anonymous') return { anonymous: await anonymousToken(send, device) };
  if (auth === 'signed-in')
    return { 'signed-in': await signedInToken(send, device, `7999${String(clients).padStart(7, '0')}`) };
  return {};
}

describe('contract fuzzing', () => {
  it('knows every route the api registers, and each it knows is registered', () => {
    const keys = routeKeys(registered);
    expect(keys.filter((key) => routeCase(key) === undefined)).toEqual([]);
    expect(knownRouteKeys().filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers the 404 envelope to the calls the contract declares and the api does not serve', async () => {
    for (const call of callList.filter((c) => UNSERVED_CALLS.has(c.id))) {
      expect(routeKeys(registered)).not.toContain(`${call.method} ${call.path}`);
      const answer = await send({ method: call.method, url: call.path, headers: {} });
      expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
        status: 404,
        body: { code: 404, success: false, response: { error: 'not_found', message: 'Not found' } },
      });
    }
  });

  // The route list is the contract's calls and the table of other routes; the test above holds it
  // equal to what Fastify registered.
  const cases = knownRouteKeys().map((key) => routeCase(key) as RouteCase);
  for (const route of cases) {
    for (const auth of AUTH_KINDS) {
      it(`${route.key} (${auth})`, async () => {
        const tokens = await tokensFor(auth);
        await fc.assert(
          routeProperty(route, auth, send, () => tokens),
          {
            seed: SEED,
            numRuns: route.kind === 'call' ? CALL_RUNS : OTHER_RUNS,
            examples: examplesFor(route, auth),
          },
        );
      });
    }
  }
});
