import { it } from 'vitest';
import { pgliteBackend, useApi } from './test/harness';
const api = useApi(pgliteBackend);
it('doc', async () => {
  const t = await api.setup();
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  throw new Error(JSON.stringify({ paths: Object.keys(doc.paths), refresh: doc.paths['/v1/agregator/refreshToken'].post, sendAuth: doc.paths['/v1/agregator/sendAuth'].post.security }).slice(0, 3000));
});
