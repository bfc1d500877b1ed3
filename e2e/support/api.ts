/** A caller of the service's API for journeys and benchmarks: what the web app's api-client does, bare. */
export type ApiCall = <T>(path: string, body?: unknown) => Promise<T>;

/**
 * Opens an anonymous session for `deviceId` (SPEC §7 `auth/{device}`, a `web_` id of 16+ characters)
 * and returns a caller that sends its token: GET without a body, POST with a JSON one. Answers the
 * envelope's `response`; a non-2xx status throws, naming the path.
 */
export async function anonymousApi(baseUrl: string, deviceId: string): Promise<ApiCall> {
  const auth = await fetch(`${baseUrl}/web/1/auth/${deviceId}`);
  if (!auth.ok) throw new Error(`auth/${deviceId} answered ${auth.status}`);
  const { response } = (await auth.json()) as { response: { access_token: string } };
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${response.access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return ((await res.json()) as { response: T }).response;
  };
}
