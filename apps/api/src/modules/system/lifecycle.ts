import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is draining for shutdown (set once in app.ts; src/shutdown.ts drains it). */
    lifecycle: Lifecycle;
  }
}

/**
 * A connection left alone by the close this long after it was opened or last answered: a client
 * that just connected (or was just answered) is sending its request, and closing the connection now
 * would reset that request (docs/decisions/020-server-lifecycle.md, «the close»).
 */
export const IDLE_GRACE_MS = 500;

/** How often the close looks for connections to end. */
const SWEEP_MS = 100;

/** What the close knows of one connection: requests under way on it, and since when it is idle. */
interface ConnectionState {
  busy: number;
  idleSince: number;
}

/**
 * The drain state of one api process (docs/decisions/020-server-lifecycle.md). Once drain() is called,
 * on SIGTERM or SIGINT, /healthz and /readyz answer 503 so balancers stop sending work, and every
 * answer carries `Connection: close` so keep-alive clients open their next connection elsewhere —
 * after their answer, never in the middle of a request (closing an idle keep-alive connection races
 * with a request the client may be sending on it).
 *
 * It also knows the server's connections, for close(): Node's own `server.close()` ends every
 * connection without a request *being parsed* at once — also one accepted a moment ago whose request
 * is still in the socket's buffer, which the client then sees reset (40–50 requests of a loaded
 * instance, issue 24). close() stops accepting, and ends a connection only once it has been idle for
 * IDLE_GRACE_MS; every other one ends itself after its answer (`Connection: close`).
 */
export class Lifecycle {
  #draining = false;
  readonly #connections = new Map<Socket, ConnectionState>();
  readonly #now: () => number;
  /** Called when the last connection ends (closeListener waits for it). */
  #onNone: (() => void) | undefined;

  constructor(server: Server, now: () => number = Date.now) {
    this.#now = now;
    server.on('connection', (socket: Socket) => {
      this.#connections.set(socket, { busy: 0, idleSince: this.#now() });
      socket.once('close', () => {
        this.#connections.delete(socket);
        if (this.#connections.size === 0) this.#onNone?.();
      });
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const state = this.#connections.get(request.socket);
      if (!state) return;
      state.busy++;
      // Answered, or its connection gone.
      response.once('close', () => {
        state.busy--;
        state.idleSince = this.#now();
      });
    });
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Open connections (tests, the close). */
  get connections(): number {
    return this.#connections.size;
  }

  drain(): void {
    this.#draining = true;
  }

  /**
   * onSend hook: while draining, the answer closes its connection — also the answer of a request that
   * was already running when the drain began. Callback-style: it is on every request.
   */
  readonly closeConnectionsWhileDraining = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    if (this.#draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  };

  /** Ends the connections with no request under way that have been idle for `graceMs`. */
  endIdleConnections(graceMs = IDLE_GRACE_MS): void {
    const before = this.#now() - graceMs;
    for (const [socket, state] of this.#connections)
      if (state.busy === 0 && state.idleSince <= before) socket.destroy();
  }

  /**
   * Stops accepting connections and resolves once every connection has ended: each after its answer
   * (`Connection: close`, the drain), an idle one once idle for IDLE_GRACE_MS. Requests in flight are
   * never cut here; the shutdown's bound cuts them (server.closeAllConnections()).
   */
  async closeListener(server: Server): Promise<void> {
    this.drain();
    if (server.listening) await stopListening(server);
    if (this.#connections.size === 0) return;
    const none = new Promise<void>((resolve) => {
      this.#onNone = resolve;
    });
    const sweep = setInterval(() => this.endIdleConnections(), SWEEP_MS);
    try {
      this.endIdleConnections();
      await none;
    } finally {
      clearInterval(sweep);
      this.#onNone = undefined;
    }
  }
}

/** How long the listener keeps taking the connections the kernel already has for it (stopListening). */
const LAST_ACCEPTS_MS = 250;

/**
 * Closes the listener without resetting connections the kernel has accepted for it. Closing a
 * listening socket resets every connection still in its accept queue — clients whose handshake is done
 * and whose request is sent: 35–60 of 64 busy clients at once here (issue 24). So the queue is first cut
 * to one place (listen again with backlog 0: the kernel stops completing new handshakes, and their
 * clients, trying again, find the port refused — nothing sent), and the connections already queued or
 * completing are taken for LAST_ACCEPTS_MS. net.Server's close, not http.Server's: the latter also
 * ends every connection not parsing a request at this instant, the freshly accepted ones among them.
 */
async function stopListening(server: Server): Promise<void> {
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  if (handle?.listen?.(0) === 0) await new Promise((resolve) => setTimeout(resolve, LAST_ACCEPTS_MS));
  if (server.listening) NetServer.prototype.close.call(server);
}
