import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch that answers from this api's own routes through `app.inject()`: how the api, as the
 * sandbox provider's client, calls the sandbox provider it serves — the same HTTP requests and
 * answers, without a socket, so it works before listen, behind any proxy and in tests.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, key) => {
      headers[key] = value;
    });
    headers.host = target.host;
    const res = await app.inject({
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
}
