// The reserve URL's placeholders (SPEC «light service»): `{os_name}` and the rest, matched whatever their
// case, each replaced by its value URL-encoded; a placeholder not among them is left as it is.

/** The values a reserve URL may ask for; a missing value is filled with ''. */
export interface PlaceholderValues {
  os_name?: string;
  os_version?: string;
  browser_name?: string;
  browser_version?: string;
  /** The streaming page's URL. */
  page_url?: string;
  /** Always 0 on the web. */
  app_id?: number;
  /** The request's time, milliseconds since 1970. */
  request_time?: number;
  /** The last status response's lock, status and error message. */
  lock?: boolean | '';
  status?: number | '';
  error?: string;
}

const TOKEN =
  /\{(os_name|os_version|browser_name|browser_version|page_url|app_id|request_time|lock|status|error)\}/gi;

/** `url` with its placeholders filled from `values` (URL-encoded). */
export function fillPlaceholders(url: string, values: PlaceholderValues): string {
  return url.replace(TOKEN, (_, name: string) =>
    encodeURIComponent(String(values[name.toLowerCase() as keyof PlaceholderValues] ?? '')),
  );
}

type Pattern = [name: string, pattern: RegExp];

// Order matters: iOS says «like Mac OS X», Android says Linux, and Edge, Opera and YaBrowser say Chrome.
const OSES: Pattern[] = [
  ['Windows', /Windows NT ([\d.]+)/],
  ['iOS', /(?:iPhone|iPad|iPod).*? OS (\d[\d_]*)/],
  ['Android', /Android ?(\d[\d.]*)?/],
  ['macOS', /Mac OS X ?(\d[\d_.]*)?/],
  ['Linux', /Linux/],
];
const BROWSERS: Pattern[] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|OPT)\/(\d+)/],
  ['YaBrowser', /YaBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari\//],
];

const find = (patterns: Pattern[], ua: string): [string, string] => {
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(ua);
    if (match) return [name, (match[1] ?? '').replace(/_/g, '.')];
  }
  return ['', ''];
};

/**
 * The OS (name and version) and browser (name and major version) a user agent names, '' when unknown.
 * Windows' version is its NT version ('10.0' for both 10 and 11: the user agent does not tell them apart).
 */
export function describeClient(
  userAgent: string,
): Required<Pick<PlaceholderValues, 'os_name' | 'os_version' | 'browser_name' | 'browser_version'>> {
  const ua = userAgent.slice(0, 350);
  const [os_name, os_version] = find(OSES, ua);
  const [browser_name, browser_version] = find(BROWSERS, ua);
  return { os_name, os_version, browser_name, browser_version };
}
