import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Agent, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { EMBEDDED_LOCK_FILE, lockEmbeddedDatabase } from './db/embedded-lock';
import { runningServer } from './server';
import { handleShutdownSignals, type ShutdownLog } from './shutdown';
import { pgliteBackend, testEnv, useApi } from './test/harness';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kadr-shutdown-'));
  temps.push(dir);
  return dir;
};

const SHUTDOWN_MODULE = resolve(import.meta.dirname, 'shutdown.ts');
const LOCK_MODULE = resolve(import.meta.dirname, 'db/embedded-lock.ts');

/**
 * Runs a script under plain Node as a server would run: holding the embedded database's lock in
 * `dataDir`, with the shutdown handling of shutdown.ts, whose stop() takes `stopMs` (forever: -1).
 * Resolves once it printed `ready`; `exited` resolves with how it ended and what it printed.
 */
async function startChild(dataDir: string, { stopMs, timeoutMs }: { stopMs: number; timeoutMs: number }) {
  const script = `
    import { handleShutdownSignals } from ${JSON.stringify(SHUTDOWN_MODULE)};
    import { lockEmbeddedDatabase } from ${JSON.stringify(LOCK_MODULE)};
    const lock = lockEmbeddedDatabase(${JSON.stringify(dataDir)}, 'server');
    const say = (_details, message) => console.log(message);
    handleShutdownSignals(
      {
        drain: () => console.log('draining'),
        stop: () => new Promise((done) => {
          if (${stopMs} < 0) return;
          setTimeout(() => { lock.release(); console.log('closed'); done(); }, ${stopMs});
        }),
        cutConnections: () => console.log('cut'),
        release: () => lock.release(),
      },
      { delayMs: 0, timeoutMs: ${timeoutMs}, log: { info: say, warn: say, error: say } },
    );
    setInterval(() => {}, 1000); // an idle server
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((done) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) done();
    });
  });
  const exited = new Promise<{ code: number | null; signal: string | null; lines: string[] }>((done) => {
    child.on('exit', (code, signal) => done({ code, signal, lines: out.trim().split('\n') }));
  });
  await ready;
  return { child, exited };
}

describe('shutdown on signals (a real process)', () => {
  it('a second SIGINT while shutting down (Ctrl-C, forwarded again by npm start) does not cut it short', {
    timeout: 20_000,
  }, async () => {
    const dataDir = tempDir();
    const { child, exited } = await startChild(dataDir, { stopMs: 300, timeoutMs: 5000 });
    // The terminal sends SIGINT to the whole process group; tools/bootstrap.mjs forwards its own.
    child.kill('SIGINT');
    await new Promise((done) => setTimeout(done, 50));
    child.kill('SIGINT');
    child.kill('SIGTERM');
    const { code, signal, lines } = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(lines).toContain('closed');
    expect(readFileSync(join(dataDir, EMBEDDED_LOCK_FILE), 'utf8')).toBe('');
  });

  it('a shutdown that overruns its bound exits 1 with the lock released', { timeout: 20_000 }, async () => {
    const dataDir = tempDir();
    const { child, exited } = await startChild(dataDir, { stopMs: -1, timeoutMs: 400 });
    const started = Date.now();
    child.kill('SIGTERM');
    const { code, lines } = await exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(lines).not.toContain('closed');
    // The file no longer names the dead process, and the lock is free.
    expect(readFileSync(join(dataDir, EMBEDDED_LOCK_FILE), 'utf8')).toBe('');
    lockEmbeddedDatabase(dataDir, 'catalogue:import').release();
  });
});

/** GET on a listening app: status, connection header and JSON body; `agent` keeps connections alive. */
function get(port: number, path: string, agent?: Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: unknown }>((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** How many connections the queued client makes. */
const QUEUED = 20;

/**
 * Plain Node: on `go`, opens QUEUED connections to the port and sends a request on each, prints `sent n`
 * once all are written, then `answer <status line> <connection> <body>` or `failed <code>` per connection.
 */
const QUEUED_CLIENT = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
process.stdin.once('data', () => {
  let sent = 0;
  let left = count;
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /test/work HTTP/1.1\\r\\nHost: a\\r\\ncontent-length: 0\\r\\n\\r\\n');
      if (++sent === count) console.log('sent ' + sent);
    });
    let text = '';
    let failure;
    socket.on('data', (chunk) => { text += chunk; });
    socket.on('error', (error) => { failure = error.code; });
    socket.on('close', () => {
      const [head, body] = text.split('\\r\\n\\r\\n');
      const connection = /^connection: (.*)$/im.exec(head ?? '')?.[1];
      console.log(failure ? 'failed ' + failure : 'answer ' + head.split('\\r\\n')[0] + ' ' + connection + ' ' + body);
      if (--left === 0) process.exit(0);
    });
  }
});
console.log('ready');
`;

const quietLog: ShutdownLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('graceful shutdown of a listening api', () => {
  const api = useApi(pgliteBackend);

  /** An api with a route that answers when the test says, listening, holding a real lock. */
  async function listening() {
    const dataDir = tempDir();
    const app: FastifyInstance = await buildApp({ env: testEnv(), db: api.database });
    let answer = () => {};
    const gate = new Promise<void>((done) => {
      answer = done;
    });
    app.get('/test/slow', async () => {
      await gate;
      return { finished: true };
    });
    // A streamed answer: its headers leave with the first chunk, the rest when the test says.
    let streamStarted = () => {};
    const started = new Promise<void>((done) => {
      streamStarted = done;
    });
    const stream = new PassThrough();
    app.get('/test/stream', (_request, reply) => {
      stream.write('first,');
      streamStarted();
      return reply.type('text/plain').send(stream);
    });
    // A call that takes a little time, as the service's do.
    app.post('/test/work', async () => {
      await new Promise((done) => setTimeout(done, 5));
      return { worked: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const server = runningServer(app, lockEmbeddedDatabase(dataDir, 'server'));
    const exits: number[] = [];
    return {
      app,
      port,
      server,
      answer,
      exits,
      dataDir,
      exit: (code: number) => exits.push(code),
      streamStarted: started,
      endStream: () => stream.end('last'),
    };
  }

  it('fails readiness first, finishes requests in flight, refuses new connections, then releases the lock', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    const agent = new HttpAgent({ keepAlive: true });
    expect((await get(t.port, '/healthz', agent)).status).toBe(200);
    const slow = get(t.port, '/test/slow');
    await new Promise((done) => setTimeout(done, 50));

    const shutdown = handleShutdownSignals(t.server, {
      delayMs: 400,
      timeoutMs: 10_000,
      log: quietLog,
      signals: new EventEmitter(),
      exit: t.exit,
    });
    const finished = shutdown('SIGTERM');
    // The delay: still accepting, but readiness and liveness fail and keep-alive is over.
    expect(await get(t.port, '/readyz', agent)).toMatchObject({
      status: 503,
      connection: 'close',
      body: { code: 503, success: false, response: { error: 'shutting_down' } },
    });
    expect((await get(t.port, '/healthz')).status).toBe(503);
    // A second signal changes nothing: it joins the shutdown under way.
    expect(shutdown('SIGINT')).toBe(finished);
    // The delay, then the listener's last accepts (LAST_ACCEPTS_MS, lifecycle.ts).
    await new Promise((done) => setTimeout(done, 900));
    // The listener is closed: new connections are refused, the slow request still runs.
    await expect(get(t.port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.exits).toEqual([]);
    t.answer();
    expect(await slow).toMatchObject({ status: 200, body: { finished: true }, connection: 'close' });
    await finished;
    expect(t.exits).toEqual([0]);
    expect(readFileSync(join(t.dataDir, EMBEDDED_LOCK_FILE), 'utf8')).toBe('');
    agent.destroy();
  });

  it('cuts requests still running near the bound, then closes and releases the lock', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    // Its failure is looked at once the shutdown has ended (app.close() runs after the cut).
    const slow = get(t.port, '/test/slow').then(
      () => undefined,
      (error: unknown) => error,
    );
    await new Promise((done) => setTimeout(done, 50));
    const shutdown = handleShutdownSignals(t.server, {
      delayMs: 0,
      timeoutMs: 1000,
      log: quietLog,
      signals: new EventEmitter(),
      exit: t.exit,
    });
    const started = Date.now();
    await shutdown('SIGTERM');
    expect(await slow).toMatchObject({ code: 'ECONNRESET' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(t.exits).toEqual([0]);
    expect(readFileSync(join(t.dataDir, EMBEDDED_LOCK_FILE), 'utf8')).toBe('');
  });

  it('serves a request sent on a kept-alive connection just after the close began, in the envelope', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    const socket = connect(t.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const closed = new Promise<string | undefined>((done) => {
      let failure: string | undefined;
      socket.on('error', (error: NodeJS.ErrnoException) => {
        failure = error.code;
      });
      socket.on('close', () => done(failure));
    });
    // Answered before the close: the connection stays open, idle.
    socket.write('GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n');
    await new Promise((done) => setTimeout(done, 100));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    received = '';
    const stopped = t.server.stop();
    // The close under way, the client sends its next request: Node's own close had ended the idle
    // connection at once, and the request was lost.
    await new Promise((done) => setTimeout(done, 20));
    socket.write('GET /v1/agregator/nothingHere HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(await closed).toBeUndefined();
    await stopped;
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
    expect(received).toMatch(/connection: close/i);
    expect(JSON.parse(received.split('\r\n\r\n')[1]!)).toMatchObject({
      code: 404,
      success: false,
      response: { error: 'not_found' },
    });
  });

  it('serves the connections the kernel already accepted when the listener closes, none reset', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    // A client of its own process connects and sends while this process's event loop is blocked: its
    // connections wait in the kernel's accept queue, which closing the listening socket resets.
    const client = spawn(process.execPath, ['-e', QUEUED_CLIENT, String(t.port), String(QUEUED)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    client.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const ended = new Promise<void>((done) => client.on('exit', () => done()));
    await new Promise<void>((done) => {
      const check = () => (out.includes('ready\n') ? done() : setTimeout(check, 10));
      check();
    });
    client.stdin.write('go\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    const shutdown = handleShutdownSignals(t.server, {
      delayMs: 0,
      timeoutMs: 10_000,
      log: quietLog,
      signals: new EventEmitter(),
      exit: t.exit,
    });
    await shutdown('SIGTERM');
    await ended;
    const lines = out.trim().split('\n');
    // Every request sent before the close was answered in full (before: 20 of 20 reset).
    expect(lines.filter((line) => line.startsWith('sent'))).toEqual([`sent ${QUEUED}`]);
    expect(lines.filter((line) => line.startsWith('answer'))).toEqual(
      Array.from({ length: QUEUED }, () => 'answer HTTP/1.1 200 OK close {"worked":true}'),
    );
    expect(t.exits).toEqual([0]);
  });

  it('finishes every request in flight when the shutdown starts, under load, and ends keep-alive connections cleanly', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 32 });
    type Outcome = { status: number; connection?: string; body?: string; failure?: string; reused: boolean };
    const post = () =>
      new Promise<Outcome>((done) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: t.port, path: '/test/work', method: 'POST', agent },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on('end', () =>
              done({
                status: res.statusCode ?? 0,
                connection: res.headers.connection,
                body,
                reused: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: 0, failure: error.code, reused: req.reusedSocket }),
        );
        req.end();
      });
    const inFlight = new Set<Promise<Outcome>>();
    const all: Promise<Outcome>[] = [];
    let stopped = false;
    const workers = Array.from({ length: 32 }, async () => {
      while (!stopped) {
        const request = post();
        inFlight.add(request);
        all.push(request);
        const outcome = await request;
        inFlight.delete(request);
        // The listener is closed: nothing was sent, the client would go to another instance.
        if (outcome.failure === 'ECONNREFUSED') return;
      }
    });
    await new Promise((done) => setTimeout(done, 300));
    const shutdown = handleShutdownSignals(t.server, {
      delayMs: 300,
      timeoutMs: 10_000,
      log: quietLog,
      signals: new EventEmitter(),
      exit: t.exit,
    });
    const atSignal = [...inFlight];
    const finished = shutdown('SIGTERM');
    expect(atSignal.length).toBeGreaterThan(0);
    // Every request in flight at the signal is answered in full.
    for (const outcome of await Promise.all(atSignal))
      expect(outcome).toMatchObject({ status: 200, body: '{"worked":true}' });
    await finished;
    stopped = true;
    await Promise.all(workers);
    const outcomes = await Promise.all(all);
    // Connections were ended cleanly: a refused connect is the only failure, never a request cut on a
    // kept-alive connection.
    expect(outcomes.filter((o) => o.failure && o.reused)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(atSignal.length);
    expect(t.exits).toEqual([0]);
    expect(t.app.lifecycle.connections).toBe(0);
    agent.destroy();
  });

  it('closes a keep-alive connection whose answer was already streaming when the drain began', {
    timeout: 30_000,
  }, async () => {
    const t = await listening();
    const agent = new HttpAgent({ keepAlive: true });
    const port = t.port;
    // Headers and a first chunk leave before the drain: they carry no `Connection: close`.
    const answered = new Promise<string>((done, fail) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/test/stream', agent }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => done(`${res.headers.connection}:${text}`));
      });
      req.on('error', fail);
      req.end();
    });
    await t.streamStarted;
    const shutdown = handleShutdownSignals(t.server, {
      delayMs: 0,
      timeoutMs: 10_000,
      log: quietLog,
      signals: new EventEmitter(),
      exit: t.exit,
    });
    const started = Date.now();
    const finished = shutdown('SIGTERM');
    await new Promise((done) => setTimeout(done, 100));
    t.endStream();
    expect(await answered).toBe('keep-alive:first,last');
    await finished;
    // Well before the cut at 8 s (and the keep-alive timeout of 72 s): the idle connection was closed.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(t.exits).toEqual([0]);
    agent.destroy();
  });
});
