import { type CallDefinition, callList, embedConfig, envelope } from '@kadr/api-contract';
import fc from 'fast-check';
import { z } from 'zod';
import {
  type AuthKind,
  corpusFor,
  type FuzzRequest,
  invalidCallRequest,
  type OtherRouteInputs,
  otherRequest,
  validCallRequest,
} from './requests.ts';

/** What a route outside the contract answers. */
export interface OtherRoute extends OtherRouteInputs {
  /** Its 2xx JSON, when it answers JSON; pages, scripts and media are not checked beyond status. */
  success?: z.ZodType;
  /**
   * Its refusals: the api's envelope; YooKassa's error object (the sandbox emulates YooKassa's API);
   * or, for the emulator's checkout pages and test controls, whatever their own page scripts read.
   * Refusals before a route (413, 415, a malformed URL) are the envelope on every route.
   */
  errors: 'envelope' | 'yookassa' | 'sandbox-page';
}

/** What /healthz and /readyz answer. */
const statusOk = envelope(z.object({ status: z.literal('ok') }));
const phoneLike = fc.oneof(fc.stringMatching(/^7\d{10}$/), fc.constant('79990000001'));
const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`));
/** An embed config's file: a known-looking id, or one past 32 bits. */
const configFile = fc.oneof(
  fc.nat(40).map((n) => `${n}.json`),
  fc.constant('9999999999.json'),
);
/** The status and flag calls' content names, valid and not. */
const contentQuery = fc.constantFrom(
  '',
  'content=film-1',
  'content=channel-2',
  'content=series-0',
  'content=x',
);

/**
 * Every route the api registers besides the contract's calls, by `METHOD /path`, with what it
 * answers. HEAD routes go with their GET. A route added to the api and not here fails the fuzz
 * suite ("not covered"): add it with what it answers.
 */
export const otherRoutes: Record<string, OtherRoute> = {
  // CORS preflight (@fastify/cors, with CORS_ORIGINS set).
  'OPTIONS *': { errors: 'envelope' },
  // API reference (API_DOCS; @fastify/swagger-ui).
  'GET /docs': { errors: 'envelope' },
  'HEAD /docs/': { errors: 'envelope' },
  'GET /docs/static/index.html': { errors: 'envelope' },
  'GET /docs/static/swagger-initializer.js': { errors: 'envelope' },
  'GET /docs/json': { errors: 'envelope' },
  'GET /docs/yaml': { errors: 'envelope' },
  'GET /docs/static/*': {
    errors: 'envelope',
    params: { '*': fc.constantFrom('swagger-ui.css', 'index.css') },
  },
  'GET /openapi.json': { errors: 'envelope' },
  // Health checks.
  'GET /healthz': { errors: 'envelope', success: statusOk },
  'GET /readyz': { errors: 'envelope', success: statusOk },
  // Prometheus metrics (text exposition; behind METRICS_TOKEN when set, docs/decisions/027).
  'GET /metrics': { errors: 'envelope' },
  // YooKassa's notifications: trusted only from YooKassa's addresses.
  'POST /v1/payments/yookassa/notifications': {
    errors: 'envelope',
    body: fc.constantFrom(
      '{"type":"notification","event":"payment.succeeded","object":{"id":"2d6f3c1e-000f-5000-9000-1b2c3d4e5f60"}}',
      '{"type":"notification","event":"refund.succeeded","object":{}}',
    ),
  },
  // Catalogue images and playback delivery (grants, keys, segments, licences).
  'GET /media/images/*': { errors: 'envelope', params: { '*': fc.constantFrom('poster.jpg', 'a/b.png') } },
  'GET /media/play/:grant/master.m3u8': { errors: 'envelope' },
  'GET /media/play/:grant/:rendition/index.m3u8': {
    errors: 'envelope',
    params: { rendition: fc.constantFrom('360p', '720p') },
  },
  'GET /media/key/:grant/:asset/:index': {
    errors: 'envelope',
    params: { asset: hex(16), index: fc.nat(99).map(String) },
  },
  'GET /media/key/:grant/:asset': { errors: 'envelope', params: { asset: hex(16) } },
  'POST /media/license/:grant': {
    errors: 'envelope',
    body: fc.constantFrom('{"kids":["AAAAAAAAAAAAAAAAAAAAAA"],"type":"temporary"}', '{"kids":[]}'),
  },
  'GET /media/hls/:asset/:rendition/:file': {
    errors: 'envelope',
    params: {
      asset: hex(16),
      rendition: fc.constant('360p'),
      file: fc.constantFrom('seg-00000.ts', 'init.mp4'),
    },
    query: fc.constantFrom('expires=4102444800&sig=AAAA', 'expires=1&sig=x'),
  },
  'GET /media/hls/:asset/poster.jpg': { errors: 'envelope', params: { asset: hex(16) } },
  // A channel's stream (docs/decisions/029): playlists and keys per channel grant, segments by channel,
  // look and place in the timeline.
  'GET /media/channel/:grant/master.m3u8': { errors: 'envelope' },
  'GET /media/channel/:grant/:rendition/index.m3u8': {
    errors: 'envelope',
    params: { rendition: fc.constantFrom('360p', '240p') },
  },
  'GET /media/channel/:grant/key/:n': {
    errors: 'envelope',
    params: { n: fc.oneof(fc.nat().map(String), fc.constant('474500000')) },
  },
  'GET /media/live/:channel/:look/:rendition/:file': {
    errors: 'envelope',
    params: {
      channel: fc.constantFrom('1', '2', '0'),
      look: fc.constantFrom('0', '1', '7'),
      rendition: fc.constant('360p'),
      file: fc.oneof(
        fc.nat().map((n) => `${n}.ts`),
        fc.constant('seg-00000.ts'),
      ),
    },
    query: fc.constantFrom('md5=AAAA&expires=4102444800', 'expires=1&md5=x', 'md5=&expires=&lim=1'),
  },
  // Partner embeds (docs/decisions/033): frame configs and the light service's status and flag.
  'GET /embed/v1/config/film/:file': {
    errors: 'envelope',
    success: embedConfig,
    params: { file: configFile },
  },
  'GET /embed/v1/config/series/:file': {
    errors: 'envelope',
    success: embedConfig,
    params: { file: configFile },
  },
  'GET /embed/v1/config/channel/:file': {
    errors: 'envelope',
    success: embedConfig,
    params: { file: configFile },
  },
  'GET /embed/v1/status': {
    errors: 'envelope',
    success: z.object({ result: z.object({ lock: z.boolean() }) }),
    query: contentQuery,
  },
  'GET /embed/v1/flag': {
    errors: 'envelope',
    success: z.object({ result: z.object({ vlight_url: z.string().nullable() }) }),
    query: contentQuery,
  },
  // Sandbox providers' pages (SMS outbox, push "phone") and the YooKassa emulator.
  'GET /sandbox/sms': { errors: 'envelope', query: phoneLike.map((p) => `phone=${p}`) },
  'GET /sandbox/push.json': { errors: 'envelope', query: phoneLike.map((p) => `phone=${p}`) },
  'GET /sandbox/push': { errors: 'envelope', query: phoneLike.map((p) => `phone=${p}`) },
  'POST /sandbox/yookassa/v3/payments': { errors: 'yookassa' },
  'GET /sandbox/yookassa/v3/payments/:id': { errors: 'yookassa' },
  'GET /sandbox/yookassa/v3/receipts': { errors: 'yookassa', query: fc.constant('payment_id=x') },
  'GET /sandbox/yookassa/checkout-widget/v1/checkout-widget.js': { errors: 'envelope' },
  'GET /sandbox/yookassa/checkout/:token': {
    errors: 'envelope',
    query: fc.constantFrom('origin=http://localhost:5173&channel=c1', 'colors=%7B%7D'),
  },
  'GET /sandbox/yookassa/checkout/:token/3ds': { errors: 'envelope' },
  'POST /sandbox/yookassa/checkout/:token/3ds': { errors: 'sandbox-page' },
  'POST /sandbox/yookassa/checkout/:token/card': {
    errors: 'sandbox-page',
    body: fc.constant('{"number":"5555555555554477","expiry":"12/30","cvc":"123"}'),
  },
  'GET /sandbox/yookassa/receipts/:id': { errors: 'sandbox-page' },
  'POST /sandbox/yookassa/payment_methods/:id/decline': { errors: 'sandbox-page' },
  // The sandbox OpenID Connect provider (decision 041): protocol answers (OAuth error JSON, HTML pages).
  'GET /sandbox/oidc/.well-known/openid-configuration': { errors: 'envelope' },
  'GET /sandbox/oidc/jwks': { errors: 'envelope' },
  'GET /sandbox/oidc/authorize': {
    errors: 'sandbox-page',
    query: fc.constantFrom(
      'client_id=kadr-web&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Flocalhost%2Fpromo%2Fweb%2Fauth_sandbox%2F&code_challenge_method=S256&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      'client_id=kadr-web&redirect_uri=http%3A%2F%2Fevil.example%2F',
    ),
  },
  'POST /sandbox/oidc/authorize': { errors: 'sandbox-page' },
  'POST /sandbox/oidc/token': {
    errors: 'sandbox-page',
    body: fc.constant(
      '{"grant_type":"authorization_code","code":"x","client_id":"kadr-web","client_secret":"y"}',
    ),
  },
  // The embed SDK's playground (decision 036): its page, script, styles and the SDK's script-tag build.
  'GET /embed/playground': { errors: 'envelope' },
  'GET /embed/playground/': { errors: 'envelope' },
  'GET /embed/playground/playground.js': { errors: 'envelope' },
  'GET /embed/playground/playground.css': { errors: 'envelope' },
  'GET /embed/playground/embed-player.global.js': { errors: 'envelope' },
  'GET /embed/playground/embed-player.global.js.map': { errors: 'envelope' },
  // The web app.
  'GET /': { errors: 'envelope' },
  'GET /promo/web': { errors: 'envelope' },
  // Its page, with the deployment's settings written in (decision 054), at both its addresses.
  'GET /promo/web/': { errors: 'envelope' },
  'GET /promo/web/index.html': { errors: 'envelope' },
  // The frame player page (decision 035): any query, a config named or not, is the page.
  'GET /promo/web/embed': { errors: 'envelope' },
  'GET /promo/web/embed/': { errors: 'envelope' },
  'GET /promo/web/embed.html': { errors: 'envelope' },
  'GET /promo/web/*': {
    errors: 'envelope',
    params: { '*': fc.constantFrom('', 'catalogue/1', 'assets/x.js') },
  },
};

/**
 * Calls the contract declares and the api does not serve yet (none since live TV, decision 029). The
 * suite checks that they answer the 404 envelope and that they are indeed not registered, so serving
 * one makes it fuzzed like every other call.
 */
export const UNSERVED_CALLS: ReadonlySet<string> = new Set<string>();

/** One route to fuzz: a contract call, or a route of the table above. */
export type RouteCase =
  | { key: string; method: string; path: string; kind: 'call'; call: CallDefinition }
  | { key: string; method: string; path: string; kind: 'other'; spec: OtherRoute };

/** `METHOD /path` pairs of registered routes (Fastify's onRoute gives `method` as a string or a list). */
export function routeKeys(routes: ReadonlyArray<{ method: string | string[]; url: string }>): string[] {
  return routes.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
}

/** The case of a registered route, or undefined when the fuzzer does not know it. */
export function routeCase(key: string): RouteCase | undefined {
  const [method = '', path = ''] = key.split(' ');
  // Fastify adds HEAD beside every GET: it runs the GET handler and drops the body.
  const as = method === 'HEAD' ? 'GET' : method;
  const call = callList.find((c) => c.method === as && c.path === path && !UNSERVED_CALLS.has(c.id));
  if (call) return { key, method, path, kind: 'call', call };
  const spec = otherRoutes[key] ?? otherRoutes[`${as} ${path}`];
  return spec ? { key, method, path, kind: 'other', spec } : undefined;
}

/** Every route the fuzzer knows: each contract call and each table entry, with HEAD beside each GET. */
export function knownRouteKeys(): string[] {
  const served = callList.filter((c) => !UNSERVED_CALLS.has(c.id));
  const keys = [...served.map((c) => `${c.method} ${c.path}`), ...Object.keys(otherRoutes)];
  return keys.flatMap((key) => (key.startsWith('GET ') ? [key, `HEAD ${key.slice(4)}`] : [key]));
}

/** Requests for one route and session kind: valid and invalid ones for a call, plausible and odd otherwise. */
export function requestsFor(route: RouteCase, auth: AuthKind): fc.Arbitrary<FuzzRequest> {
  if (route.kind === 'call') {
    return fc.oneof(
      validCallRequest(route.call, route.method, auth),
      invalidCallRequest(route.call, route.method, auth),
    );
  }
  return otherRequest(route.method, route.path, auth, route.spec);
}

/** The requests a route's run sends first, whatever the seed (corpusFor), as fast-check examples. */
export function examplesFor(route: RouteCase, auth: AuthKind): Array<[FuzzRequest]> {
  const call = route.kind === 'call' ? route.call : undefined;
  return corpusFor(call, route.method, route.path, auth).map((request) => [request]);
}
