import { createECDH, createHmac, createPrivateKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The sandbox provider's signing key: ES256 (P-256), with the public half as published in its JWKS. */
export interface SandboxSigningKey {
  privateKey: KeyObject;
  publicJwk: JWK & { kid: string; alg: 'ES256'; use: 'sig' };
}

/**
 * Derives the sandbox provider's key from TOKEN_SECRET, so every api instance signs with the same key
 * and publishes the same JWKS without storing a key (the sandbox is development-only). The private
 * scalar is HMAC-SHA256(secret, label): below the curve order but for a 2^-32 chance, which createECDH
 * would refuse loudly rather than sign with a bad key.
 */
export async function sandboxSigningKey(secret: string): Promise<SandboxSigningKey> {
  const d = createHmac('sha256', secret).update('kadr sandbox oidc signing key').digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33, 65).toString('base64url');
  const publicPart = { kty: 'EC', crv: 'P-256', x, y };
  const privateKey = createPrivateKey({ key: { ...publicPart, d: d.toString('base64url') }, format: 'jwk' });
  const kid = await calculateJwkThumbprint(publicPart);
  return { privateKey, publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig' } };
}

/** The sandbox's one registered client: its id, and its secret derived from TOKEN_SECRET. */
export function sandboxClient(secret: string): { clientId: string; clientSecret: string } {
  return {
    clientId: 'kadr-web',
    clientSecret: createHmac('sha256', secret).update('kadr sandbox oidc client').digest('base64url'),
  };
}
