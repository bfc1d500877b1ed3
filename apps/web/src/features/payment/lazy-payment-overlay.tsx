import { Loader } from '@kadr/ui-kit';
import { lazy, Suspense } from 'react';
import type { PaymentOverlayProps } from './payment-overlay';

// The overlay (its texts, the widget's loader, the polling) is a chunk of its own, loaded when a pay
// dialog opens: the watch page's JavaScript budget (docs/benchmarks.md) carries only this wrapper.
const Overlay = lazy(() =>
  import('./payment-overlay').then((module) => ({ default: module.PaymentOverlay })),
);

/** The payment overlay, loaded on first use; a full-page loader shows while its code arrives. */
export function LazyPaymentOverlay(props: PaymentOverlayProps) {
  return (
    <Suspense fallback={<Loader variant="fullPage" />}>
      <Overlay {...props} />
    </Suspense>
  );
}
