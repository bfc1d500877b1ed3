import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomFetch } from 'openid-client';

/** The header that marks a request as this api's own (its value: the process's key and the scheme). */
const IN_PROCESS_HEADER = 'x-kadr-in-process';

/**
 * A fetch that answers from this api's own routes through `app.inject()`: how the api, as the
 * sandbox provider's client, calls the sandbox provider it serves — the same HTTP requests and
 * answers, without a socket, so it works before listen, behind any proxy and in tests.
 *
 * An injected request has no TLS and comes from no proxy, so the scheme it was made for (https behind
 * a TLS proxy) travels with it, marked with a key only this process knows: `schemeOf` trusts the mark,
 * whatever TRUST_PROXY says about the loopback address, and nobody outside can forge it.
 */
export class InProcessFetch {
  private readonly key = randomBytes(18).toString('base64url');

  constructor(private readonly app: FastifyInstance) {}

  /** The fetch for openid-client (`customFetch`). */
  readonly fetch: CustomFetch = async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, key) => {
      headers[key] = value;
    });
    headers.host = target.host;
    headers[IN_PROCESS_HEADER] = `${this.key} ${target.protocol === 'https:' ? 'https' : 'http'}`;
    const res = await this.app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload:
        typeof options.body === 'string' ? options.body : options.body ? String(options.body) : undefined,
    });
    const answer = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) answer.append(key, String(one));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: answer,
    });
  };

  /** The scheme an in-process request was made for; undefined for any other request (or a forged mark). */
  schemeOf(request: FastifyRequest): 'http' | 'https' | undefined {
    const mark = request.headers[IN_PROCESS_HEADER];
    if (typeof mark !== 'string') return undefined;
    const [key = '', scheme] = mark.split(' ');
    const given = Buffer.from(key);
    const expected = Buffer.from(this.key);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return scheme === 'https' ? 'https' : 'http';
  }
}
