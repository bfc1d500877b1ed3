import { randomUUID, timingSafeEqual } from 'node:crypto';

/** An HTTP answer of the emulated API. */
export interface SandboxAnswer {
  status: number;
  body: unknown;
}

/** YooKassa's error object with its HTTP status; `parameter` names the header or field to blame. */
export function apiError(
  status: number,
  code: string,
  description: string,
  parameter?: string,
): SandboxAnswer {
  return {
    status,
    body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
  };
}

/** YooKassa's answer to wrong or missing credentials. */
export const unauthorized = (): SandboxAnswer =>
  apiError(401, 'invalid_credentials', 'Authentication by given credentials failed');

/** Whether an Authorization header carries `shopId:secretKey` as HTTP Basic credentials. */
export function basicAuthorized(
  authorization: string | undefined,
  shopId: string,
  secretKey: string,
): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(Buffer.from(match[1], 'base64').toString('utf8'));
  const expected = Buffer.from(`${shopId}:${secretKey}`);
  // Compared in constant time, as a secret should be.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
