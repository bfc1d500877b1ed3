import { describe, expect, it } from 'vitest';
import { releaseDevType } from './release-dev-type';

describe('releaseDevType', () => {
  it('asks for IOS_WEB on an iPhone', () => {
    expect(releaseDevType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('IOS_WEB');
  });

  it('asks for PCWEB on desktop and Android', () => {
    expect(releaseDevType('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0')).toBe('PCWEB');
    expect(releaseDevType('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('PCWEB');
  });
});
