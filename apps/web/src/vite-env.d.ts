/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support address shown in the footer, account menu and login modal. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** API origin; empty = the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** User agreement (login modal, footer). */
  readonly VITE_AGREEMENT_URL?: string;
  /** Privacy policy (footer). */
  readonly VITE_PRIVACY_URL?: string;
  /** Legal documents («Соглашения» in the account menu). */
  readonly VITE_TERMS_URL?: string;
  /** LG Content Store deep link of the TV app (footer). */
  readonly VITE_LG_STORE_URL?: string;
  readonly VITE_MOBILE_APP_URL?: string;
  /** Yandex Metrica counter id: goals go to it (empty = off). */
  readonly VITE_METRIKA_COUNTER_ID?: string;
  readonly VITE_METRIKA_ALLOWED_COUNTERS?: string;
  /** Google Analytics measurement id (G-…): goals go to it as events (empty = off). */
  readonly VITE_GTAG_MEASUREMENT_ID?: string;
  /** 'true' writes every goal to the console ('false' silences the dev server). */
  readonly VITE_ANALYTICS_CONSOLE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
