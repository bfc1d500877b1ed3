// The app's configuration: the one place that reads build-time environment variables (VITE_*).

const env = import.meta.env;

/** Build number and app version of the web client (SPEC §9). */
export const APP_VERSION = '99';

/**
 * Basename of the router: the Vite `base`. With the trailing slash the root link is /promo/web/, the
 * address the api serves (a basename without it would link the root as /promo/web).
 */
export const ROUTER_BASENAME = '/promo/web/';

/** Links and addresses the UI shows; each overridable with a VITE_* variable at build time. */
export const config = {
  /** SPEC's {email}: the support address. */
  supportEmail: env.VITE_SUPPORT_EMAIL || 'support@kadr.example',
  /** API origin; empty means the page's own origin (the api serves the app). */
  apiBaseUrl: env.VITE_API_BASE_URL || '',
  agreementUrl: env.VITE_AGREEMENT_URL || 'https://kadr.example/legal/agreement',
  privacyUrl: env.VITE_PRIVACY_URL || 'https://kadr.example/legal/privacy',
  termsUrl: env.VITE_TERMS_URL || 'https://kadr.example/legal',
  lgStoreUrl: env.VITE_LG_STORE_URL || 'lgcontentstore://kadr',
  /**
   * The mobile app's universal link (an https address the app claims: it opens the app when installed
   * and a web page otherwise), the offline-download prompt's «Открыть приложение» (decision 039).
   */
  mobileAppUrl: env.VITE_MOBILE_APP_URL || 'https://kadr.example/app',
  /** `X-Mode` of the API client. */
  apiMode: env.DEV ? 'development' : 'production',
  /** The analytics services goals go to (shared/analytics/sinks.ts); none unless set. */
  analytics: {
    metrikaCounterId: env.VITE_METRIKA_COUNTER_ID || '',
    /** Counters a visit's `?metric=` may choose instead (comma-separated; decision 043); none by default. */
    metrikaAllowedCounters: (env.VITE_METRIKA_ALLOWED_COUNTERS || '')
      .split(',')
      .map((id: string) => id.trim())
      .filter(Boolean),
    gtagMeasurementId: env.VITE_GTAG_MEASUREMENT_ID || '',
    /** 'true' or 'false'; by default the dev server logs goals and a build does not. */
    console: env.VITE_ANALYTICS_CONSOLE ? env.VITE_ANALYTICS_CONSOLE === 'true' : env.DEV,
  },
} as const;

/** The app's configuration. */
export type AppConfig = typeof config;
