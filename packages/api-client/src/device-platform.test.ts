import { describe, expect, it } from 'vitest';
import { detectDevicePlatform } from './index.js';

describe('detectDevicePlatform', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'IOS_WEB'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 'IOS_WEB'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      'ANDROID_WEB',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'PC_WEB'],
    ['', 'PC_WEB'],
  ])('maps %j to %s', (userAgent, platform) => {
    expect(detectDevicePlatform(userAgent)).toBe(platform);
  });
});
