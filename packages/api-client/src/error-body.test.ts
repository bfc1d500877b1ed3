import { errorBody } from '@kadr/api-contract';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-body.js';

const samples: Record<string, unknown> = {
  minimal: { error: 'not_found', message: 'Нет' },
  full: {
    error: 'validation_error',
    message: 'Ошибка',
    details: [{ path: 'uid', message: 'x' }],
    retry_after: 42,
  },
  'extra keys': { error: 'e', message: 'm', extra: 1, details: [{ path: 'a', message: 'b', more: 2 }] },
  'no message': { error: 'e' },
  'numeric error': { error: 1, message: 'm' },
  'details not an array': { error: 'e', message: 'm', details: 'x' },
  'a bad detail': { error: 'e', message: 'm', details: [{ path: 1, message: 'b' }] },
  'fractional retry_after': { error: 'e', message: 'm', retry_after: 1.5 },
  'string retry_after': { error: 'e', message: 'm', retry_after: '5' },
  'unsafe retry_after': { error: 'e', message: 'm', retry_after: 2 ** 60 },
  null: null,
  string: 'oops',
  array: [],
};

describe('readErrorBody', () => {
  it.each(Object.entries(samples))('answers as the contract schema does for %s', (_, sample) => {
    const parsed = errorBody.safeParse(sample);
    expect(readErrorBody(sample)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
