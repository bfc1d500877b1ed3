/**
 * What the request log may say of a URL (docs/decisions/022). Playback grants (`/media/play|key|
 * license/<grant>`, and a channel's `/media/channel/<grant>`, docs/decisions/029) are bearer
 * capabilities and device uids (`/web/1/auth/<uid>`) sign a device in, so both are replaced by a
 * placeholder; the query string is dropped whole (segment signatures, partner parameters). Headers never reach the log: the `req` serializer is an allow list.
 */
const SECRET_PARTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/media\/(play|key|license|channel)\/[^/]+/, '/media/$1/[grant]'],
  [/^\/web\/1\/auth\/[^/]+/, '/web/1/auth/[device_uid]'],
];

/** The URL as the log shows it: path only, secret path parts replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  let path = query < 0 ? url : url.slice(0, query);
  for (const [pattern, placeholder] of SECRET_PARTS) path = path.replace(pattern, placeholder);
  return path;
}

/**
 * Fields pino censors in any log line, at the top or up to two levels down (a request body, a reply
 * payload, an error's details): partner-site accounts, which getProfile answers in the clear, and any
 * `password` (docs/decisions/042-partner-accounts.md). No line logs them today; this keeps it so.
 */
export const LOG_REDACT_PATHS = [
  'password',
  '*.password',
  '*.*.password',
  'external_accounts',
  '*.external_accounts',
  '*.*.external_accounts',
] as const;
