import type { ErrorBody } from '@kadr/api-contract';

function isDetail(value: unknown): value is { path: string; message: string } {
  const d = value as { path?: unknown; message?: unknown } | null;
  return typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string';
}

/**
 * The error body of a failed envelope, or undefined when `value` is not one. The same rule as the
 * contract's `errorBody` schema, written by hand so the client needs no zod at run time
 * (error-body.test.ts holds the two to the same answers).
 */
export function readErrorBody(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { error, message, details, retry_after } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return undefined;
  if (details !== undefined && !(Array.isArray(details) && details.every(isDetail))) return undefined;
  if (retry_after !== undefined && !Number.isSafeInteger(retry_after)) return undefined;
  return {
    error,
    message,
    ...(details === undefined ? {} : { details: details.map(({ path, message }) => ({ path, message })) }),
    ...(retry_after === undefined ? {} : { retry_after: retry_after as number }),
  };
}
