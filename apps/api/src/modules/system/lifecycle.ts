import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is draining for shutdown (set once in app.ts; src/shutdown.ts drains it). */
    lifecycle: Lifecycle;
  }
}

/**
 * The drain state of one api process (docs/decisions/020-server-lifecycle.md). Once drain() is called,
 * on SIGTERM or SIGINT, /healthz and /readyz answer 503 so balancers stop sending work, and every
 * answer carries `Connection: close` so keep-alive clients open their next connection elsewhere —
 * after their answer, never in the middle of a request (closing an idle keep-alive connection races
 * with a request the client may be sending on it).
 */
export class Lifecycle {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
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
}
