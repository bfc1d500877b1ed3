import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pgliteBackend, useApi } from '../test/harness';
import { RequestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** A Fastify app with the request log policy, its log lines captured. */
async function appWith(level: string, slowMs = 1000) {
  const lines: Line[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) },
      serializers: {
        req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url }),
      },
    },
    logController: new RequestLog(slowMs),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.code(403).send({ ok: false }));
  app.get('/unavailable', async (_request, reply) => reply.code(503).send({ ok: false }));
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

const PINO = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };

describe('request log policy', () => {
  it('writes nothing at info for a successful, fast request', async () => {
    const { app, lines } = await appWith('info');
    const res = await app.inject({ method: 'GET', url: '/ok' });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('logs a refused request once, at info, with its request id, method and path', async () => {
    const { app, lines } = await appWith('info');
    await app.inject({ method: 'GET', url: '/refused?secret=1' });
    const completed = lines.filter((l) => l.msg === 'request refused');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: PINO.info,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/refused?secret=1' },
      res: { statusCode: 403 },
      responseTime: expect.any(Number),
    });
  });

  it('logs a failed request at error with the same request id as the error itself', async () => {
    const { app, lines } = await appWith('error');
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ level: PINO.error, res: { statusCode: 500 }, reqId: expect.any(String) });
    // Fastify's default error handler logs the error itself, with the same request id.
    const error = lines.find((l) => l.msg === 'broken on purpose');
    expect(error?.reqId).toBe(failed?.reqId);
  });

  it('logs an expected 503 (an outage, a drain) at warn, not error: error is for faults', async () => {
    const { app, lines } = await appWith('info');
    const res = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(lines).toEqual([
      expect.objectContaining({
        level: PINO.warn,
        msg: 'request refused: unavailable',
        res: { statusCode: 503 },
      }),
    ]);
  });

  it('logs a slow request at warn, even when it succeeded', async () => {
    const { app, lines } = await appWith('warn', 10);
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: PINO.warn, msg: 'slow request', res: { statusCode: 200 } });
    expect(lines[0]?.responseTime).toBeGreaterThan(10);
  });

  it('logs every request at debug, and its arrival at trace', async () => {
    const debug = await appWith('debug');
    await debug.app.inject({ method: 'GET', url: '/ok' });
    expect(debug.lines.map((l) => [l.level, l.msg])).toEqual([[PINO.debug, 'request completed']]);

    const trace = await appWith('trace');
    await trace.app.inject({ method: 'GET', url: '/ok' });
    expect(trace.lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(trace.lines[0]?.reqId).toBe(trace.lines[1]?.reqId);
  });
});

describe('request log policy in the app (PGlite)', () => {
  const api = useApi(pgliteBackend);

  it('logs nothing for the session calls that succeed, and one line with the request id for a refusal', async () => {
    const lines: Line[] = [];
    const t = await api.setup(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(JSON.parse(line) as Line) } },
    );
    lines.length = 0; // start-up lines (the web app's placeholder notice)
    const anon = await t.anonymous();
    expect(
      (await t.call('POST', '/v1/agregator/getProfile', { body: {}, token: anon.access_token })).status,
    ).toBe(200);
    expect(lines).toEqual([]);

    const refused = await t.call('POST', '/v1/agregator/getProfile', { body: {}, token: 'not-a-token' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: PINO.info,
      msg: 'request refused',
      reqId: expect.any(String),
      req: { method: 'POST', url: '/v1/agregator/getProfile' },
      res: { statusCode: refused.status },
    });
    expect(JSON.stringify(lines)).not.toContain('not-a-token');
  });
});
