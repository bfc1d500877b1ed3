import { prettyFactory } from 'pino-pretty';

/** Where a log line is written: stdout, or a test's collector. */
export interface LogSink {
  write(line: string): void;
}

/**
 * The stream Fastify's logger writes to for LOG_FORMAT (env.ts): for `json`, the given sink or
 * undefined (pino's own JSON lines to stdout); for `pretty`, each JSON line turned by pino-pretty into
 * `[12:04:31.120] INFO: message` plus its fields, then written to the sink or stdout. pino serializes
 * first, so the request serializer's redaction (http/log-redaction.ts) holds in both formats.
 * Synchronous and in-process: for a developer's terminal, where a transport's worker thread buys
 * nothing and a line written just before an exit must not be lost.
 */
export function logStreamFor(format: 'json' | 'pretty', sink?: LogSink): LogSink | undefined {
  if (format === 'json') return sink;
  const prettify = prettyFactory({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    colorize: sink === undefined && process.stdout.isTTY === true,
  });
  const out = sink ?? process.stdout;
  return { write: (line: string) => out.write(prettify(line)) };
}
