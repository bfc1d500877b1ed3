import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';

/** Checks client_id/client_secret pairs (AUTH_CLIENTS) of authApp and refreshToken. */
export class ClientCredentials {
  constructor(private readonly clients: ReadonlyMap<string, string>) {}

  /** Throws invalid_client (401) unless the pair is configured; secrets compared in constant time. */
  assert(clientId: string, clientSecret: string): void {
    const expected = this.clients.get(clientId);
    const given = Buffer.from(clientSecret);
    const wanted = Buffer.from(expected ?? '');
    if (expected === undefined || given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw new AppError('invalid_client');
    }
  }
}
