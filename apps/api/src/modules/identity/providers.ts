import * as client from 'openid-client';
import { AppError } from '../../errors';
import { SANDBOX_OIDC_PREFIX, SANDBOX_REDIRECT_PATH } from '../../providers/identity';

/** One OpenID Connect provider as the api, its confidential client, sees it. */
export interface IdentityProviderSettings {
  /** The name in the web route `auth_{name}`. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The web route this provider sends the visitor back to (registered with the provider). */
  redirectUri: string;
  /** How the api reaches the provider; default: the network (the sandbox's is in-process). */
  fetch?: client.CustomFetch;
  /** Allow an http issuer (the sandbox and tests; never a configured provider in production). */
  insecure?: boolean;
}

/** The provider named `name` for a request that reached this api at `origin`; undefined: none. */
export type ProviderDirectory = (name: string, origin: string) => IdentityProviderSettings | undefined;

/** The sandbox provider as its client, this api, sees it: its one client, and how the api reaches it. */
export interface SandboxClientSettings {
  clientId: string;
  clientSecret: string;
  fetch: client.CustomFetch;
}

/**
 * The providers by name: the configured one (OIDC_*; http allowed outside production only, which
 * env.ts also enforces) and, with the sandbox providers, `sandbox` on the origin the caller reached.
 */
export function providerDirectory(options: {
  configured: Omit<IdentityProviderSettings, 'fetch' | 'insecure'> | undefined;
  production: boolean;
  sandbox: SandboxClientSettings | undefined;
}): ProviderDirectory {
  const { configured, production, sandbox } = options;
  return (name, origin) => {
    if (configured && name === configured.name) return { ...configured, insecure: !production };
    if (sandbox && name === 'sandbox')
      return {
        name,
        issuer: `${origin}${SANDBOX_OIDC_PREFIX}`,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        redirectUri: `${origin}${SANDBOX_REDIRECT_PATH}`,
        fetch: sandbox.fetch,
        insecure: true,
      };
    return undefined;
  };
}

/** How long a discovery lookup may take before the sign-in is answered «unavailable». */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/** Configurations kept at most: the configured provider and the sandbox on the few origins it is reached at. */
export const KEPT_CONFIGURATIONS = 16;

/**
 * Discovered configurations of the providers, one per issuer and client (openid-client refetches the
 * JWKS itself when a token names an unknown key). The sandbox's issuer follows the Host a caller
 * reached the api at, so the least recently used is dropped past KEPT_CONFIGURATIONS: a stream of
 * made-up Hosts costs discoveries, not memory. A failed discovery is not kept: the next sign-in tries
 * again.
 */
export class ProviderConfigurations {
  private readonly known = new Map<string, Promise<client.Configuration>>();

  constructor(private readonly capacity = KEPT_CONFIGURATIONS) {}

  /** The provider's configuration; `identity_provider_unavailable` when discovery fails. */
  async of(provider: IdentityProviderSettings): Promise<client.Configuration> {
    const key = `${provider.issuer}\n${provider.clientId}`;
    let found = this.known.get(key);
    if (found) {
      // Most recently used last (a Map keeps insertion order).
      this.known.delete(key);
      this.known.set(key, found);
    } else {
      found = this.discover(provider);
      this.known.set(key, found);
      const settled = found;
      found.catch(() => {
        if (this.known.get(key) === settled) this.known.delete(key);
      });
      for (const oldest of this.known.keys()) {
        if (this.known.size <= this.capacity) break;
        this.known.delete(oldest);
      }
    }
    try {
      return await found;
    } catch (error) {
      throw new AppError('identity_provider_unavailable', { cause: error });
    }
  }

  private async discover(provider: IdentityProviderSettings): Promise<client.Configuration> {
    const options: client.DiscoveryRequestOptions = { timeout: DISCOVERY_TIMEOUT_SECONDS };
    if (provider.fetch) options[client.customFetch] = provider.fetch;
    // openid-client trusts an ID token from the token endpoint on TLS alone (OIDC Core 3.1.3.7 step 6);
    // we also verify its signature against the provider's JWKS (a forged or altered token is refused
    // even where TLS is not in play: the sandbox on http, a misconfigured proxy).
    options.execute = [client.enableNonRepudiationChecks];
    if (provider.insecure) options.execute.push(client.allowInsecureRequests);
    const config = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      client.ClientSecretPost(provider.clientSecret),
      options,
    );
    if (provider.fetch) config[client.customFetch] = provider.fetch;
    return config;
  }
}
