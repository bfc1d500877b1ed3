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

/**
 * Production settings that start without the sandbox providers (real SMS gateway and YooKassa
 * credentials, never reached): what the security headers are checked under.
 */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  SMS_GATEWAY_TOKEN: 't',
  YOOKASSA_SHOP_ID: '100500',
  YOOKASSA_SECRET_KEY: 'live_secret',
};
