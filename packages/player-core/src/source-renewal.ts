/**
 * Follows a video's grant as the controller renews it (docs/decisions/022). A renewed release differs
 * from the one loaded in one path part — the grant — so every URL the engine asks for later that still
 * holds an older grant (playlists and keys it read before the renewal) is asked with the newest one.
 * Nothing else of a URL changes; segment URLs carry no grant and pass through.
 */
export interface SourceRenewal {
  /** The URL to request now for `url`. */
  rewrite(url: string): string;
  /** Takes a renewed source URL; false when it is not the same video with another grant (ignored). */
  renew(nextUrl: string): boolean;
}

/** A renewal tracker for a video loaded from `url`. */
export function createSourceRenewal(url: string): SourceRenewal {
  let current = url;
  /** Grants superseded so far, each to be replaced by `grant`. */
  const older = new Set<string>();
  let grant: string | null = null;

  return {
    rewrite(requested) {
      if (grant === null || older.size === 0) return requested;
      const [path, ...rest] = requested.split('?');
      const parts = (path ?? '').split('/').map((part) => (older.has(part) ? (grant as string) : part));
      return [parts.join('/'), ...rest].join('?');
    },
    renew(nextUrl) {
      const before = current.split('?')[0]!.split('/');
      const after = nextUrl.split('?')[0]!.split('/');
      if (before.length !== after.length) return false;
      const changed = before.flatMap((part, index) => (part === after[index] ? [] : [index]));
      if (changed.length === 0) return true;
      if (changed.length !== 1) return false;
      const index = changed[0]!;
      older.add(before[index]!);
      grant = after[index]!;
      older.delete(grant);
      current = nextUrl;
      return true;
    },
  };
}

/**
 * `fetchImpl` asking for each string URL with the newest grant of `renewal()` (when there is one): the
 * licence requests of a ClearKey video go through it, because with a key per segment (decision 022)
 * the CDM asks for keys all through playback, long after the grant the video was loaded with expired.
 */
export function fetchWithRenewal(fetchImpl: typeof fetch, renewal: () => SourceRenewal | null): typeof fetch {
  return (input, init) => {
    const current = renewal();
    return fetchImpl(typeof input === 'string' && current ? current.rewrite(input) : input, init);
  };
}
