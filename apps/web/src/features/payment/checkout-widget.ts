/**
 * The card payment widget (SPEC §2 Payment screen, §7 "load of a third-party checkout widget script"):
 * YooKassa's checkout widget, whose script defines `window.YooMoneyCheckoutWidget`. The same
 * constructor is served by the api's sandbox (/sandbox/yookassa/…) in development.
 */

/** Events the widget emits. */
export type CheckoutWidgetEvent = 'success' | 'fail' | 'complete' | 'modal_close';

/** Options of the widget's constructor (the part the web uses). */
export interface CheckoutWidgetOptions {
  /** The payment's confirmation token (createPayment's `token`). */
  confirmation_token: string;
  /** Fixed colours (SPEC §9 "payment widget colours are fixed"). */
  customization?: { colors?: Record<string, string> };
  /** Called with an error the widget could not show (e.g. an expired token). */
  error_callback?: (error: unknown) => void;
}

/** A widget instance. */
export interface CheckoutWidget {
  /** Renders the form into the element with this id. */
  render(containerId: string): Promise<void>;
  on(event: CheckoutWidgetEvent, listener: () => void): void;
  /** Removes the form. */
  destroy(): void;
}

/** The script's global constructor. */
export type CheckoutWidgetConstructor = new (options: CheckoutWidgetOptions) => CheckoutWidget;

/** A window that may carry the widget's constructor. */
export type CheckoutWindow = Window & { YooMoneyCheckoutWidget?: CheckoutWidgetConstructor };

/** How long the script may take to load before the overlay says so. */
export const CHECKOUT_SCRIPT_TIMEOUT_MS = 30_000;

/** Colours of the form, fixed (SPEC §9): the service's accent on its dark surface. */
export const WIDGET_COLORS = {
  control_primary: '#e0322b',
  control_primary_content: '#ffffff',
  background: '#15151c',
  border: '#2e2e3a',
  text: '#ffffff',
  control_secondary: '#2e2e3a',
} as const;

/** Why the script is not there. */
export class CheckoutScriptError extends Error {
  override readonly name = 'CheckoutScriptError';
  constructor(
    readonly reason: 'failed' | 'timeout' | 'missing',
    src: string,
  ) {
    super(`checkout widget script ${reason}: ${src}`);
  }
}

let pending: { src: string; promise: Promise<CheckoutWidgetConstructor> } | null = null;

/**
 * The widget's constructor: at once when the page has it, else after loading `src` once (a load in
 * flight is shared). A script that fails, does not arrive within `timeoutMs`, or defines no constructor
 * rejects with a {@link CheckoutScriptError}, and the next call tries again.
 */
export function loadCheckoutWidget(
  src: string,
  { win = window as CheckoutWindow, timeoutMs = CHECKOUT_SCRIPT_TIMEOUT_MS } = {},
): Promise<CheckoutWidgetConstructor> {
  const ready = win.YooMoneyCheckoutWidget;
  if (ready) return Promise.resolve(ready);
  if (pending?.src === src) return pending.promise;
  const promise = new Promise<CheckoutWidgetConstructor>((resolve, reject) => {
    const script = win.document.createElement('script');
    const fail = (reason: CheckoutScriptError['reason']) => {
      clearTimeout(timer);
      script.remove();
      pending = null;
      reject(new CheckoutScriptError(reason, src));
    };
    const timer = setTimeout(() => fail('timeout'), timeoutMs);
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = win.YooMoneyCheckoutWidget;
      if (!loaded) return fail('missing');
      clearTimeout(timer);
      // From now on the page has the constructor: later calls take it from `win`.
      pending = null;
      resolve(loaded);
    };
    script.onerror = () => fail('failed');
    win.document.head.append(script);
  });
  pending = { src, promise };
  return promise;
}
