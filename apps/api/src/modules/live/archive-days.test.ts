import { describe, expect, it } from 'vitest';
import { archiveDaysOf } from './archive-days';

describe('archiveDaysOf', () => {
  it("is the manifest's days without ARCHIVE_DAYS", () => {
    expect(archiveDaysOf(7, undefined)).toBe(7);
    expect(archiveDaysOf(0, undefined)).toBe(0);
  });

  it('is held within ARCHIVE_DAYS, which never raises it', () => {
    expect(archiveDaysOf(7, 3)).toBe(3);
    expect(archiveDaysOf(2, 3)).toBe(2);
    expect(archiveDaysOf(7, 0)).toBe(0);
  });
});
