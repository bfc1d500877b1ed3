import { describe, expect, it } from 'vitest';
import { toPlayerError } from './errors.js';

describe('toPlayerError', () => {
  it('keeps an adapter error code', () => {
    expect(toPlayerError({ code: 'DRM_FAILED', message: 'licence 403' }, 'UNKNOWN')).toEqual({
      code: 'DRM_FAILED',
      message: 'licence 403',
    });
  });

  it('maps the browser refusing play() to PLAY_REJECTED', () => {
    expect(toPlayerError(new DOMException('gesture needed', 'NotAllowedError'), 'UNKNOWN').code).toBe(
      'PLAY_REJECTED',
    );
  });

  it('falls back for plain errors, unknown codes and non-objects', () => {
    expect(toPlayerError(new Error('HTTP 500'), 'RELEASE_LOAD_FAILED')).toEqual({
      code: 'RELEASE_LOAD_FAILED',
      message: 'HTTP 500',
    });
    expect(toPlayerError({ code: 'E42', message: 'odd' }, 'UNKNOWN')).toEqual({
      code: 'UNKNOWN',
      message: 'odd',
    });
    expect(toPlayerError('boom', 'UNKNOWN')).toEqual({ code: 'UNKNOWN', message: 'boom' });
  });
});
