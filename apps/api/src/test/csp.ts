/** The directives of a Content-Security-Policy header: name → sources (none when absent). */
export function cspDirectives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}
