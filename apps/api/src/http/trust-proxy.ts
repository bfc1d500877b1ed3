import type { Env } from '../env';

/**
 * Fastify's `trustProxy` for TRUST_PROXY: a hop count becomes "trust the nearest n proxies"; other
 * forms (false, true, addresses/CIDRs) go to Fastify as they are. `request.ip` is then the address
 * the outermost trusted proxy saw: X-Forwarded-For entries further left are the client's own claims.
 */
export function trustProxyOption(value: Env['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
