import { describe, expect, it, vi } from 'vitest';
import { decodeLightConfig } from './light-config.js';

const encode = (value: unknown, alphabet: 'base64' | 'base64url' = 'base64') =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString(alphabet);
const logger = () => ({ error: vi.fn() });

describe('decodeLightConfig', () => {
  it('reads the flag and status URLs', () => {
    const log = logger();
    expect(
      decodeLightConfig(
        encode({ vlbeat: 'https://a.example/flag', vlunbeat: 'https://a.example/status' }),
        log,
      ),
    ).toEqual({ flagUrl: 'https://a.example/flag', statusUrl: 'https://a.example/status' });
    expect(decodeLightConfig(encode({ vlbeat: 'https://a.example/flag' }), log)).toEqual({
      flagUrl: 'https://a.example/flag',
    });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('accepts the URL-safe alphabet, no padding, and UTF-8', () => {
    // '?>' and 'ё' give '/'/'+' in base64, '_'/'-' in base64url.
    const config = { vlbeat: 'https://a.example/флаг?q=ё>?>', vlunbeat: 'https://a.example/s?x=>>>' };
    const safe = encode(config, 'base64url');
    expect(safe).toMatch(/[-_]/);
    expect(safe).not.toMatch(/=$/);
    const expected = { flagUrl: config.vlbeat, statusUrl: config.vlunbeat };
    expect(decodeLightConfig(safe)).toEqual(expected);
    expect(encode(config)).toMatch(/[+/]/);
    expect(decodeLightConfig(encode(config))).toEqual(expected);
  });

  it('ignores silently what is not base64 JSON of an object', () => {
    const log = logger();
    for (const value of [
      undefined,
      '',
      'not base64!',
      encode('{"vlbeat": '),
      encode('"https://a.example/flag"'),
      encode('[1]'),
      encode('null'),
      42 as unknown as string,
    ])
      expect(decodeLightConfig(value, log)).toBeNull();
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs 'init service' for a URL that does not parse and leaves it out", () => {
    const log = logger();
    expect(
      decodeLightConfig(encode({ vlbeat: 'https://a.example/flag', vlunbeat: 'not a url' }), log),
    ).toEqual({ flagUrl: 'https://a.example/flag' });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toBe('init service');
    expect(
      decodeLightConfig(encode({ vlbeat: '/relative', vlunbeat: 'https://a.example/s' }), log),
    ).toBeNull();
    expect(decodeLightConfig(encode({ vlbeat: 7 }), log)).toBeNull();
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.error.mock.calls.every((call) => call[0] === 'init service')).toBe(true);
  });

  it('is null without a flag URL (no log when it is simply absent)', () => {
    const log = logger();
    expect(decodeLightConfig(encode({ vlunbeat: 'https://a.example/status' }), log)).toBeNull();
    expect(decodeLightConfig(encode({ vlbeat: '' }), log)).toBeNull();
    expect(log.error).not.toHaveBeenCalled();
  });
});
