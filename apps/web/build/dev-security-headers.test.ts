// @vitest-environment node
import { describe, expect, it } from 'vitest';
import config from '../vite.config';

describe('Vite servers', () => {
  it('send no-framing, nosniff and referrer headers from the dev and the preview server', () => {
    for (const server of [config.server, config.preview]) {
      expect(server?.headers).toMatchObject({
        'Content-Security-Policy': expect.stringContaining("frame-ancestors 'none'"),
        'X-Frame-Options': 'DENY',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
      });
    }
  });
});
