// Deployment settings read at run time from the page the api serves (the build-time ones: src/env.ts).
// Only the pay dialog's chunks import this: none of it weighs on the first page.
import { config } from '../env';

/**
 * A deployment setting the api writes into the page as it serves it (`<meta name="kadr:{name}">`,
 * apps/api/src/modules/web): one build serves every deployment, and production checks them at start
 * (docs/decisions/054). Undefined where no api served the page (the dev server, Storybook, tests).
 */
export function pageSetting(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="kadr:${name}"]`)?.content;
}

/**
 * The card payment widget's script (YooKassa's checkout widget): the api's CHECKOUT_WIDGET_URL; under
 * the dev server, the api sandbox's copy. Empty when a built app's page does not say: no widget.
 */
export function checkoutWidgetUrl(): string {
  const url = pageSetting('checkout-widget');
  if (url !== undefined) return url;
  return import.meta.env.DEV
    ? `${config.apiBaseUrl}/sandbox/yookassa/checkout-widget/v1/checkout-widget.js`
    : '';
}
