import { describe, expect, it } from 'vitest';
import { resolvePreviewSeconds } from './preview.js';

describe('resolvePreviewSeconds', () => {
  it('takes preview_timer when the release gives one, whatever the kind', () => {
    expect(resolvePreviewSeconds(90, 'film')).toBe(90);
    expect(resolvePreviewSeconds(90, 'live')).toBe(90);
    expect(resolvePreviewSeconds(0, 'film')).toBe(0);
    expect(resolvePreviewSeconds(12.7, 'series')).toBe(12);
  });

  it('defaults to 600 s for films and series and 60 s for live', () => {
    expect(resolvePreviewSeconds(null, 'film')).toBe(600);
    expect(resolvePreviewSeconds(undefined, 'series')).toBe(600);
    expect(resolvePreviewSeconds(null, 'live')).toBe(60);
  });

  it('reads films as 60 s when configured so (the SPEC’s other reading)', () => {
    expect(resolvePreviewSeconds(null, 'film', { defaultPreviewSeconds: { film: 60 } })).toBe(60);
    expect(resolvePreviewSeconds(null, 'live', { defaultPreviewSeconds: { film: 60 } })).toBe(60);
  });

  it('ignores a preview_timer that is not a finite number', () => {
    expect(resolvePreviewSeconds(Number.NaN, 'film')).toBe(600);
    expect(resolvePreviewSeconds(-5, 'film')).toBe(0);
  });
});
