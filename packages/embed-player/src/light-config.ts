// The light service's configuration (SPEC «light config»): a base64-encoded JSON object given to the
// player's constructor, `vlbeat` the flag URL and `vlunbeat` the optional status URL.

/** The decoded light config: the service starts only with a flag URL. */
export interface LightConfig {
  /** `vlbeat`: asked for `result.vlight_url`, the reserve config's URL. */
  flagUrl: string;
  /** `vlunbeat`: asked first, for `result.lock`. */
  statusUrl?: string;
}

/** Logs what the service reports (console by default). */
export type LightLog = Pick<Console, 'error'>;

/**
 * The light config in `encoded` (base64, standard or URL-safe alphabet, of UTF-8 JSON), or null: not
 * base64 JSON of an object → null, silently; a URL that does not parse → 'init service' logged and that URL
 * left out; no flag URL → null.
 */
export function decodeLightConfig(encoded: string | undefined, log: LightLog = console): LightConfig | null {
  let json: Record<string, unknown>;
  try {
    const binary = atob((encoded as string).trim().replace(/-/g, '+').replace(/_/g, '/'));
    json = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof json !== 'object' || !json || Array.isArray(json)) return null;
  } catch {
    return null;
  }
  const url = (value: unknown): string | undefined => {
    if (value == null || value === '') return;
    try {
      new URL(value as string);
      return value as string;
    } catch (error) {
      log.error('init service', error);
    }
  };
  const flagUrl = url(json.vlbeat);
  const statusUrl = url(json.vlunbeat);
  return flagUrl ? (statusUrl ? { flagUrl, statusUrl } : { flagUrl }) : null;
}
