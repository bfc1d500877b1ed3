import { describe, expect, it } from 'vitest';
import { pgliteBackend, useApi } from '../test/harness';

// LOG_FORMAT (env.ts): JSON lines for collectors, readable lines for a developer's terminal.
describe('log format (PGlite)', () => {
  const api = useApi(pgliteBackend);
  const grant = '7.1.0.f.2000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

  async function logOf(format: 'json' | 'pretty') {
    const out: string[] = [];
    const t = await api.setup(
      { LOG_LEVEL: 'info', LOG_FORMAT: format },
      { logStream: { write: (line: string) => out.push(line) } },
    );
    const device = 'web_secretdevice0123456';
    await t.anonymous(device);
    await t.app.inject({ method: 'GET', url: `/media/play/${grant}/master.m3u8` });
    await t.app.inject({ method: 'GET', url: `/web/1/auth/${device}/nothing-here` });
    return { lines: out.join('').split('\n').filter(Boolean), device };
  }

  it('writes one JSON object a line in the json format', async () => {
    const { lines } = await logOf('json');
    const refused = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request refused');
    expect(refused.map((l) => [l.level, l.req.url, l.res.statusCode])).toEqual([
      [30, '/media/play/[grant]/master.m3u8', 403],
      [30, '/web/1/auth/[device_uid]/nothing-here', 404],
    ]);
  });

  it('writes readable lines in the pretty format: time, level, message, the redacted request', async () => {
    const { lines, device } = await logOf('pretty');
    const text = lines.join('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).toThrow();
    // Colours are the terminal's business: compare the text without them.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
    const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request refused/m);
    expect(plain).toContain('/media/play/[grant]/master.m3u8');
    expect(plain).toContain('/web/1/auth/[device_uid]/nothing-here');
    for (const secret of [grant, device]) expect(plain).not.toContain(secret);
    expect(plain).not.toMatch(/"hostname"|"pid"/);
  });
});
