/// <reference lib="dom" />
// The baseline of the browser benchmarks (bench/first-frame.ts, bench/live-channel.ts): a bare page with a
// <video> and hls.js (default settings, no app, no video.js) asking for the stream as the app does and
// playing it — time from the request to the first presented frame.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** hls.js's minified build, as player-core resolves it (the version the app plays with). */
export function hlsSource(repoRoot: string): string {
  return readFileSync(
    createRequire(join(repoRoot, 'packages', 'player-core', 'package.json')).resolve(
      'hls.js/dist/hls.min.js',
    ),
    'utf8',
  );
}

/** The api call that answers the stream's URL, and where the URL is in its answer. */
export interface StreamCall {
  path: string;
  /** A POST's JSON body; a GET without it. */
  body?: unknown;
  /** The keys from the answer down to the URL, e.g. ['response', 'content_url']. */
  urlAt: string[];
}

/**
 * On the api's origin (the page's requests go where the app's go; its context must bypass the CSP, which
 * refuses the inline script): ms from the call to the first frame presented with currentTime > 0.
 */
export async function bareHlsFirstFrame(
  page: Page,
  baseUrl: string,
  hls: string,
  call: StreamCall,
  token: string,
): Promise<number> {
  await page.goto(`${baseUrl}/healthz`);
  await page.setContent(
    '<!doctype html><html><body><video muted playsinline width="640" height="360"></video></body></html>',
  );
  await page.addScriptTag({ content: hls });
  return page.evaluate(
    async ({ call, token }) => {
      const t0 = performance.now();
      const video = document.querySelector('video')!;
      const firstFrame = new Promise<number>((resolve) => {
        const onFrame = () =>
          video.currentTime > 0 ? resolve(performance.now()) : video.requestVideoFrameCallback(onFrame);
        video.requestVideoFrameCallback(onFrame);
      });
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      const answer: unknown = await (
        await fetch(call.path, {
          method: call.body === undefined ? 'GET' : 'POST',
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        })
      ).json();
      const url = call.urlAt.reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], answer);
      if (typeof url !== 'string') throw new Error(`no stream URL at ${call.urlAt.join('.')}`);
      const Hls = (
        window as unknown as {
          Hls: new () => { loadSource(u: string): void; attachMedia(v: HTMLVideoElement): void };
        }
      ).Hls;
      const engine = new Hls();
      engine.loadSource(url);
      engine.attachMedia(video);
      void video.play();
      return (await firstFrame) - t0;
    },
    { call, token },
  );
}
