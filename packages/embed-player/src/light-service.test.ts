import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightConfig } from './light-config.js';
import { type LightService, startLightService } from './light-service.js';
import type { Fetch } from './request.js';

const STATUS = 'https://light.example/status';
const FLAG = 'https://light.example/flag';
const RESERVE = 'https://reserve.example/config?v=1';
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const NOW = 1_700_000_000_000;

type Route = (signal: AbortSignal) => Promise<Awaited<ReturnType<Fetch>>>;
const json =
  (body: unknown, status = 200): Route =>
  async () => ({ ok: status >= 200 && status < 300, status, json: async () => body });
const down: Route = async () => {
  throw new TypeError('Failed to fetch');
};
const hang: Route = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
const reserve = (url: string) => json({ result: { vlight_url: url } });
const lock = (locked: boolean) => json({ result: { lock: locked } });

let routes: Record<string, Route>;
let asked: string[];
let signals: AbortSignal[];
let service: LightService | undefined;
const fetch = vi.fn<Fetch>((url, { signal }) => {
  asked.push(url);
  signals.push(signal);
  return (routes[url] ?? down)(signal);
});

function start(config: LightConfig = { flagUrl: FLAG, statusUrl: STATUS }) {
  const onSwitch = vi.fn();
  const log = { error: vi.fn() };
  service = startLightService({
    config,
    onSwitch,
    fetch,
    log,
    now: () => NOW,
    placeholders: { pageUrl: 'https://partner.example/watch?id=1', userAgent: UA },
  });
  return { onSwitch, log };
}
/** The next round of checks, 60 s on. */
const minute = () => vi.advanceTimersByTimeAsync(60_000);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  routes = { [STATUS]: lock(false), [FLAG]: json({ result: {} }) };
  asked = [];
  signals = [];
  fetch.mockClear();
});
afterEach(() => {
  service?.stop();
  service = undefined;
  vi.useRealTimers();
});

describe('startLightService', () => {
  it('asks the status URL first, then the flag URL, and restarts with a new reserve URL, placeholders filled', async () => {
    routes[FLAG] = reserve(
      'https://reserve.example/c?os={os_name}&ov={OS_Version}&b={browser_name}&bv={BROWSER_VERSION}' +
        '&p={page_url}&a={app_id}&t={request_time}&l={lock}&s={status}&e={error}&x={other}',
    );
    const { onSwitch, log } = start();
    await settle();
    expect(asked).toEqual([STATUS, FLAG]);
    expect(onSwitch.mock.calls).toEqual([
      [
        {
          kind: 'reserve',
          url:
            'https://reserve.example/c?os=Windows&ov=10.0&b=Chrome&bv=120' +
            '&p=https%3A%2F%2Fpartner.example%2Fwatch%3Fid%3D1&a=0&t=1700000000000&l=false&s=200&e=&x={other}',
        },
      ],
    ]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('stays on the main config while there is no reserve URL', async () => {
    const { onSwitch } = start();
    await settle();
    await minute();
    expect(asked).toEqual([STATUS, FLAG, STATUS, FLAG]);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('returns to the main config on a lock, without asking the flag URL', async () => {
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch } = start();
    await settle();
    routes[STATUS] = lock(true);
    asked = [];
    await minute();
    expect(asked).toEqual([STATUS]);
    expect(onSwitch.mock.calls).toEqual([[{ kind: 'reserve', url: RESERVE }], [{ kind: 'main' }]]);
  });

  it('changes nothing on a lock while on the main config', async () => {
    routes[STATUS] = lock(true);
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch } = start();
    await settle();
    await minute();
    expect(asked).toEqual([STATUS, STATUS]);
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('does not restart for the same reserve URL, and restarts for another', async () => {
    routes[FLAG] = reserve('https://reserve.example/c?t={request_time}');
    const { onSwitch } = start();
    await settle();
    await minute();
    await minute();
    expect(onSwitch).toHaveBeenCalledTimes(1);
    routes[FLAG] = reserve('https://reserve2.example/c');
    await minute();
    expect(onSwitch.mock.calls).toEqual([
      [{ kind: 'reserve', url: `https://reserve.example/c?t=${NOW}` }],
      [{ kind: 'reserve', url: 'https://reserve2.example/c' }],
    ]);
  });

  it('returns to the main config when the reserve URL is no longer given', async () => {
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch } = start();
    await settle();
    routes[FLAG] = reserve('');
    await minute();
    expect(onSwitch.mock.calls).toEqual([[{ kind: 'reserve', url: RESERVE }], [{ kind: 'main' }]]);
    await minute();
    expect(onSwitch).toHaveBeenCalledTimes(2);
  });

  it("returns to the main config when the flag request fails on a reserve, 'fetch error' logged", async () => {
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch, log } = start();
    await settle();
    routes[FLAG] = json(null, 500);
    await minute();
    expect(onSwitch.mock.calls).toEqual([[{ kind: 'reserve', url: RESERVE }], [{ kind: 'main' }]]);
    expect(log.error.mock.calls).toEqual([['fetch error', expect.objectContaining({ message: 'HTTP 500' })]]);
  });

  it('changes nothing when the flag request fails on the main config', async () => {
    routes[FLAG] = down;
    const { onSwitch, log } = start();
    await settle();
    expect(onSwitch).not.toHaveBeenCalled();
    expect(log.error.mock.calls).toEqual([['fetch error', expect.any(TypeError)]]);
  });

  it('logs a failed status request, still asks the flag URL, and gives its error to the placeholders', async () => {
    routes[STATUS] = down;
    routes[FLAG] = reserve('https://reserve.example/c?l={lock}&s={status}&e={ERROR}');
    const { onSwitch, log } = start();
    await settle();
    expect(asked).toEqual([STATUS, FLAG]);
    expect(log.error.mock.calls).toEqual([['fetch error', expect.any(TypeError)]]);
    expect(onSwitch).toHaveBeenLastCalledWith({
      kind: 'reserve',
      url: 'https://reserve.example/c?l=&s=&e=Failed%20to%20fetch',
    });
    // A status not OK: its status and message; the reserve URL changes, so the frame restarts.
    routes[STATUS] = json(null, 503);
    routes[FLAG] = reserve('https://reserve2.example/c?s={status}&e={error}');
    await minute();
    expect(onSwitch).toHaveBeenLastCalledWith({
      kind: 'reserve',
      url: 'https://reserve2.example/c?s=503&e=HTTP%20503',
    });
  });

  it("aborts a request after 10 s: 'fetch error', and the main config", async () => {
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch, log } = start();
    await settle();
    routes[FLAG] = hang;
    await minute();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals.at(-1)?.aborted).toBe(false);
    expect(log.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(signals.at(-1)?.aborted).toBe(true);
    expect(log.error.mock.calls).toEqual([['fetch error', expect.objectContaining({ message: 'time-out' })]]);
    expect(onSwitch).toHaveBeenLastCalledWith({ kind: 'main' });
  });

  it('checks now and every 60 s', async () => {
    start({ flagUrl: FLAG });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(asked.every((url) => url === FLAG)).toBe(true);
  });

  it('stop() stops the timer and aborts the request in flight, silently', async () => {
    routes[STATUS] = hang;
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch, log } = start();
    await settle();
    expect(signals[0]?.aborted).toBe(false);
    service?.stop();
    await settle();
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(asked).toEqual([STATUS]);
    expect(onSwitch).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads a body without `result` as no lock and no reserve URL', async () => {
    routes[FLAG] = reserve(RESERVE);
    const { onSwitch, log } = start();
    await settle();
    for (const body of [{}, { result: null }, 'text', null, { result: { lock: 'yes', vlight_url: 5 } }]) {
      routes[STATUS] = json(body);
      routes[FLAG] = json(body);
      asked = [];
      await minute();
      expect(asked).toEqual([STATUS, FLAG]);
    }
    expect(onSwitch.mock.calls).toEqual([[{ kind: 'reserve', url: RESERVE }], [{ kind: 'main' }]]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('without a status URL, asks the flag URL alone and leaves lock, status and error empty', async () => {
    routes[FLAG] = reserve('https://reserve.example/c?l={lock}&s={status}&e={error}');
    const { onSwitch } = start({ flagUrl: FLAG });
    await settle();
    expect(asked).toEqual([FLAG]);
    expect(onSwitch).toHaveBeenCalledWith({ kind: 'reserve', url: 'https://reserve.example/c?l=&s=&e=' });
  });

  it('never throws into the page: a failing onSwitch is swallowed and the checks go on', async () => {
    routes[FLAG] = reserve(RESERVE);
    const onSwitch = vi.fn(() => {
      throw new Error('frame gone');
    });
    service = startLightService({ config: { flagUrl: FLAG }, onSwitch, fetch, log: { error: vi.fn() } });
    await settle();
    routes[FLAG] = reserve('https://reserve2.example/c');
    await minute();
    expect(onSwitch).toHaveBeenCalledTimes(2);
  });
});
