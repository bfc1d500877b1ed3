import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the test server answers. */
export interface Answer {
  status?: number;
  contentType?: string;
  body: string;
}

/** Envelope answer helper for tests. */
export function envelopeAnswer(code: number, response: unknown, status = code < 600 ? code : 400): Answer {
  return { status, body: JSON.stringify({ code, success: code === 200, response }) };
}

/** Starts a real HTTP server on 127.0.0.1, port 0 (test helper, not exported by the package). */
export async function startTestServer(answer: (req: SeenRequest) => Answer) {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const a = answer(seen);
      res.writeHead(a.status ?? 200, { 'content-type': a.contentType ?? 'application/json; charset=utf-8' });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
