import { describe, expect, it } from 'vitest';
import { formatWait, resendTooEarlyMessage, tooManyAttemptsMessage } from './index.js';

describe('formatWait', () => {
  it.each([
    [1, '1 секунду'],
    [2, '2 секунды'],
    [5, '5 секунд'],
    [11, '11 секунд'],
    [21, '21 секунду'],
    [22, '22 секунды'],
    [0.2, '1 секунду'],
    [60, '1 минуту'],
    [61, '2 минуты'],
    [300, '5 минут'],
    [3600, '1 час'],
    [7200, '2 часа'],
    [86400, '24 часа'],
    [18000, '5 часов'],
  ])('%d s → %j', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('rate-limit messages', () => {
  it('say when to come back', () => {
    expect(tooManyAttemptsMessage(120)).toBe('Слишком много попыток. Попробуйте через 2 минуты');
    expect(resendTooEarlyMessage(42)).toBe('Новый код можно запросить через 42 секунды');
  });

  it('fall back to "later" without retry_after', () => {
    expect(tooManyAttemptsMessage()).toBe('Слишком много попыток. Попробуйте позже');
    expect(resendTooEarlyMessage()).toBe('Новый код можно запросить чуть позже');
  });
});
