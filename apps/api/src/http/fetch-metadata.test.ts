import { describe, expect, it } from 'vitest';
import { isForeignCrossSite } from './fetch-metadata';

const partner = 'https://partner.example';
const origins = new Set([partner]);

describe('isForeignCrossSite', () => {
  it('refuses what another site makes a browser send: images, scripts, frames, navigations', () => {
    for (const mode of ['no-cors', 'navigate', 'nested-navigate', 'same-origin', 'websocket']) {
      expect(
        isForeignCrossSite({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': mode }, origins),
        mode,
      ).toBe(true);
    }
    // No-cors from a listed origin too: only its CORS calls are the SDK's.
    expect(
      isForeignCrossSite(
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', origin: partner },
        origins,
      ),
    ).toBe(true);
  });

  it('refuses CORS calls from origins not in CORS_ORIGINS (a simple GET reaches the server unasked)', () => {
    const headers = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      origin: 'https://evil.example',
    };
    expect(isForeignCrossSite(headers, origins)).toBe(true);
    expect(isForeignCrossSite({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }, origins)).toBe(
      true,
    );
  });

  it("lets the site's own pages, listed origins' CORS calls, typed addresses and header-less callers through", () => {
    expect(isForeignCrossSite({}, origins)).toBe(false);
    expect(isForeignCrossSite({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }, origins)).toBe(
      false,
    );
    expect(isForeignCrossSite({ 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }, origins)).toBe(
      false,
    );
    expect(isForeignCrossSite({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }, origins)).toBe(
      false,
    );
    expect(
      isForeignCrossSite(
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', origin: partner },
        origins,
      ),
    ).toBe(false);
  });
});
