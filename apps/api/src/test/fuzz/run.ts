import fc from 'fast-check';
import { answerProblems, type WireAnswer } from './answers.ts';
import type { AuthKind, FuzzRequest } from './requests.ts';
import { examplesFor, type RouteCase, requestsFor } from './routes.ts';

/** A request on the wire, for any transport (Fastify's inject in tests, HTTP in bench/fuzz.ts). */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** Sends one request and reads its whole answer. */
export type Send = (request: WireRequest) => Promise<WireAnswer>;

/** The access token of each session kind, fetched when a route's run starts. */
export type Tokens = Partial<Record<AuthKind, string>>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function json(send: Send, request: WireRequest): Promise<Record<string, unknown>> {
  const answer = await send(request);
  if (answer.status !== 200)
    throw new Error(`${request.method} ${request.url}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

const tokenOf = (answer: Record<string, unknown>) =>
  (answer.response as { access_token: string }).access_token;

/** A fresh anonymous session of a new device. */
export async function anonymousToken(send: Send, deviceUid: string): Promise<string> {
  return tokenOf(await json(send, { method: 'GET', url: `/web/1/auth/${deviceUid}`, headers: {} }));
}

/** A signed-in session: anonymous, sendAuth, the code from the sandbox outbox, authApp. */
export async function signedInToken(send: Send, deviceUid: string, phone: string): Promise<string> {
  const anonymous = await anonymousToken(send, deviceUid);
  const jsonType = { 'content-type': 'application/json' };
  await json(send, {
    method: 'POST',
    url: '/v1/agregator/sendAuth',
    headers: { ...bearer(anonymous), ...jsonType },
    body: JSON.stringify({ auth_type: 'phone', uid: phone }),
  });
  const outbox = await send({ method: 'GET', url: `/sandbox/sms?phone=${phone}`, headers: {} });
  const code = (JSON.parse(outbox.text) as Array<{ text: string }>)[0]?.text.match(/(\d{4})$/)?.[1];
  if (!code) throw new Error(`no sandbox SMS for ${phone}`);
  const signedIn = await json(send, {
    method: 'POST',
    url: '/v1/agregator/authApp',
    headers: { ...bearer(anonymous), ...jsonType },
    body: JSON.stringify({
      grant_type: 'mega',
      client_id: 'web',
      client_secret: 'web',
      auth_type: 'phone',
      dev_type: 'PCWEB',
      dev_model: 'fuzz',
      verify_code: code,
      uid: phone,
      device_uid: deviceUid,
    }),
  });
  return tokenOf(signedIn);
}

/** The request with the session's token added (unless it carries an Authorization of its own). */
export function onTheWire(request: FuzzRequest, tokens: Tokens): WireRequest {
  const token = tokens[request.auth];
  const headers =
    token && request.headers.authorization === undefined
      ? { ...request.headers, ...bearer(token) }
      : request.headers;
  return {
    method: request.method,
    url: request.url,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

const preview = (body: FuzzRequest['body']) =>
  body === undefined ? '' : typeof body === 'string' ? body.slice(0, 300) : `<${body.length} bytes>`;

/**
 * The property of one route and session kind: every request fuzzed for it gets an answer with no
 * problem (answers.ts). A failure names the request and the answer.
 */
export function routeProperty(route: RouteCase, auth: AuthKind, send: Send, tokens: () => Tokens) {
  return fc.asyncProperty(requestsFor(route, auth), async (request) => {
    const answer = await send(onTheWire(request, tokens()));
    const problems = answerProblems(request, route, answer);
    if (problems.length > 0) {
      throw new Error(
        [
          ...problems,
          `request: ${request.method} ${request.url.slice(0, 300)} (${request.auth}, ${request.valid ? 'valid' : `mutation ${request.mutation ?? 'odd'}`})`,
          `headers: ${JSON.stringify(request.headers).slice(0, 300)}`,
          `body: ${preview(request.body)}`,
          `answer: ${answer.status} ${answer.text.slice(0, 400)}`,
        ].join('\n'),
      );
    }
  });
}

/**
 * Runs a route's property without throwing (bench/fuzz.ts counts failures): the first problem found,
 * shrunk to a small request, or undefined when every request held.
 */
export async function checkRoute(
  route: RouteCase,
  auth: AuthKind,
  send: Send,
  tokens: () => Tokens,
  options: { seed: number; numRuns: number },
): Promise<string | undefined> {
  const details = await fc.check(routeProperty(route, auth, send, tokens), {
    ...options,
    examples: examplesFor(route, auth),
  });
  if (!details.failed) return undefined;
  return details.errorInstance instanceof Error
    ? details.errorInstance.message
    : String(details.errorInstance);
}
