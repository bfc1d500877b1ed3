import type { CallResponse } from '@kadr/api-contract';
import { TRIAL_CHARGE_ROUBLES } from '@kadr/api-contract/routes';
import { Button, Loader, Modal } from '@kadr/ui-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { formatPrice } from '../../shared/billing-format';
import { useIsMobile } from '../../shared/device';
import { checkoutWidgetUrl } from '../../shared/page-settings';
import { useServices } from '../../shared/services';
import {
  CheckoutScriptError,
  type CheckoutWidget,
  type CheckoutWidgetConstructor,
  loadCheckoutWidget,
  WIDGET_COLORS,
} from './checkout-widget';
import { paymentMessages as m, trialCheckText } from './messages';
import styles from './payment-overlay.module.css';
import { waitForPayment } from './payment-status';

/**
 * How long the widget's own failure message (a declined card, 3-D Secure refused) stays on screen
 * before the page reloads (SPEC §4: on fail, reload). Ours: reloading at once would leave the viewer
 * on a fresh page with no word of why the payment did not go through.
 */
export const FAIL_RELOAD_MS = 5000;

/** A created payment (SPEC §3 Payment). */
type Payment = CallResponse<'createPayment'>;

/** Where the pay dialog was opened from, which decides the goal of a successful payment (SPEC §4). */
export type BuySource =
  /** The paywall (the final block after the preview), the package page or a channel page's Watch. */
  | { goal: 'EK_BUY_SUCCESS'; EK_id?: number; tv_channel_id?: number }
  /** The player's preview overlay, on a content card or a channel page. */
  | { goal: 'PLAYER_BUY_SUCCESS'; EK_id: number; tv_channel_id?: never }
  | { goal: 'PLAYER_BUY_SUCCESS'; tv_channel_id: number; EK_id?: never };

/** Props of {@link PaymentOverlay}. */
export interface PaymentOverlayProps {
  /** The package being bought. */
  packageId: number;
  /** The main tariff's description bullets. */
  texts: readonly string[];
  /**
   * The viewer would get the trial (goods.is_trial), with the price after it (goods.cost): the card
   * check is said above the price when the payment is that check.
   */
  trial?: { cost: number };
  source: BuySource;
  /** The visitor closed the overlay (the widget is removed). */
  onClose: () => void;
  /** The server confirmed the payment. */
  onConfirmed: () => void;
  /** The widget's script (default: the configured one). */
  widgetUrl?: string;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; payment: Payment; Widget: CheckoutWidgetConstructor; checking: boolean };

/** The message of a failed start: the script's own failure, or the payment's. */
function failureMessage(error: unknown): string {
  if (error instanceof CheckoutScriptError)
    return error.reason === 'timeout' ? m.scriptTimeout : m.scriptFailed;
  return m.createFailed;
}

/**
 * The payment screen (SPEC §2, §4): an overlay with a loader while the payment is created
 * (createPayment, type widget_yookassa) and the widget's script loads, then a card with the title,
 * the tariff's bullets, the price, the payment information and the card form. On the form's success
 * the goal is reported and the payment checked (waitForPayment): confirmed → `onConfirmed`; otherwise
 * the widget goes and the page reloads. The form's fail reloads the page. Closing removes the widget.
 */
export function PaymentOverlay({
  packageId,
  texts,
  trial,
  source,
  onClose,
  onConfirmed,
  widgetUrl = checkoutWidgetUrl(),
}: PaymentOverlayProps) {
  const { api, deviceUid, analytics, reload } = useServices();
  const mobile = useIsMobile();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [infoOpen, setInfoOpen] = useState(false);
  /** The widget reported a failed payment: the page reloads after FAIL_RELOAD_MS. */
  const [declined, setDeclined] = useState(false);
  const containerId = `payment-widget-${useId().replace(/[^\w-]/g, '')}`;
  const infoId = useId();
  // The latest callbacks, so the widget's effect does not restart when a parent re-renders.
  const latest = useRef({ onConfirmed, source });
  latest.current = { onConfirmed, source };

  // One payment per attempt: StrictMode runs the effect twice in development, which must not create
  // two payments (the ref outlives that second run; «Попробовать ещё раз» starts a new attempt).
  const start = useRef<{ attempt: number; promise: Promise<[Payment, CheckoutWidgetConstructor]> } | null>(
    null,
  );
  useEffect(() => {
    let active = true;
    setPhase({ kind: 'loading' });
    if (start.current?.attempt !== attempt) {
      start.current = {
        attempt,
        // A page that names no widget (a build not served by the api) creates no payment it cannot take.
        promise: widgetUrl
          ? Promise.all([
              api.call('createPayment', {
                body: { type: 'widget_yookassa', package_id: packageId, device_uid: deviceUid },
              }),
              loadCheckoutWidget(widgetUrl),
            ])
          : Promise.reject(new CheckoutScriptError('missing', widgetUrl)),
      };
    }
    start.current.promise.then(
      ([payment, Widget]) => {
        if (active) setPhase({ kind: 'ready', payment, Widget, checking: false });
      },
      (error: unknown) => {
        console.error('[payment] could not start', error);
        if (active) setPhase({ kind: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      active = false;
    };
    // `attempt` restarts it («Попробовать ещё раз»).
  }, [api, deviceUid, packageId, widgetUrl, attempt]);

  const payment = phase.kind === 'ready' ? phase.payment : null;
  const Widget = phase.kind === 'ready' ? phase.Widget : null;
  useEffect(() => {
    if (!payment || !Widget) return;
    const polling = new AbortController();
    let widget: CheckoutWidget | null = null;
    // The widget could not show the form (an expired token, the provider down): logged (SPEC §8), and
    // the overlay offers a new attempt — a new payment — instead of an empty frame.
    const broke = (error: unknown) => {
      console.error('[payment] widget error', error);
      if (!polling.signal.aborted) setPhase({ kind: 'failed', message: m.widgetFailed });
    };
    try {
      widget = new Widget({
        confirmation_token: payment.token,
        customization: { colors: { ...WIDGET_COLORS } },
        error_callback: broke,
      });
    } catch (error) {
      console.error('[payment] widget failed', error);
      setPhase({ kind: 'failed', message: m.scriptFailed });
      return;
    }
    const created = widget;
    created.on('success', () => {
      const { source: from } = latest.current;
      const package_id = payment.package_id;
      if (from.goal === 'PLAYER_BUY_SUCCESS')
        analytics.reachGoal(
          from.goal,
          from.EK_id === undefined
            ? { tv_channel_id: from.tv_channel_id, package_id }
            : { EK_id: from.EK_id, package_id },
        );
      else
        analytics.reachGoal(from.goal, {
          ...(from.EK_id === undefined ? {} : { EK_id: from.EK_id }),
          ...(from.tv_channel_id === undefined ? {} : { tv_channel_id: from.tv_channel_id }),
          package_id,
        });
      setPhase((now) => (now.kind === 'ready' ? { ...now, checking: true } : now));
      void waitForPayment({ api, paymentId: payment.payment_id, signal: polling.signal }).then((outcome) => {
        if (polling.signal.aborted) return;
        if (outcome === 'confirmed') {
          latest.current.onConfirmed();
          return;
        }
        created.destroy();
        reload();
      });
    });
    created.on('fail', () => setDeclined(true));
    created.render(containerId).catch(broke);
    return () => {
      polling.abort();
      created.destroy();
    };
  }, [payment, Widget, api, analytics, reload, containerId]);

  // The failure shows (the widget's message and ours), then the page reloads; closing reloads at once.
  useEffect(() => {
    if (!declined) return;
    const timer = setTimeout(reload, FAIL_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [declined, reload]);

  return (
    <Modal
      open
      onClose={declined ? reload : onClose}
      title={payment?.title}
      label={m.dialog}
      closeLabel={m.close}
      closeOnBackdrop={false}
      size="m"
      fullScreen={mobile}
    >
      {phase.kind === 'loading' && (
        <div className={styles.loading}>
          <Loader label={m.loading} size={40} />
        </div>
      )}
      {phase.kind === 'failed' && (
        <div className={styles.failed}>
          <p role="alert">{phase.message}</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{m.retry}</Button>
        </div>
      )}
      {phase.kind === 'ready' && (
        <div className={styles.card}>
          {texts.length > 0 && (
            <ul className={styles.bullets}>
              {texts.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          {trial && phase.payment.price === TRIAL_CHARGE_ROUBLES && (
            <p className={styles.trial}>{trialCheckText(trial.cost)}</p>
          )}
          <p className={styles.price}>
            <span className={styles.priceLabel}>{m.price}</span>{' '}
            <strong className={styles.priceValue}>{formatPrice(phase.payment.price)}</strong>
          </p>
          <Button
            variant="link"
            aria-expanded={infoOpen}
            aria-controls={infoId}
            onClick={() => setInfoOpen((open) => !open)}
          >
            {m.info}
          </Button>
          <section id={infoId} className={styles.info} aria-label={m.info} hidden={!infoOpen}>
            <h3 className={styles.infoTitle}>{m.legal.entityTitle}</h3>
            <p>{m.legal.entity}</p>
            <h3 className={styles.infoTitle}>{m.legal.rulesTitle}</h3>
            <ul>
              {m.legal.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <h3 className={styles.infoTitle}>{m.legal.detailsTitle}</h3>
            <address className={styles.details}>
              {m.legal.details.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </section>
          {declined && (
            <p className={styles.checking} role="status">
              {m.declined}
            </p>
          )}
          {phase.checking && (
            <p className={styles.checking} role="status">
              {m.checking}
            </p>
          )}
          <section id={containerId} className={styles.widget} aria-label={m.widget} />
        </div>
      )}
    </Modal>
  );
}
