// Test and story support: a stand-in for YooKassa's checkout widget on `window`.
import type {
  CheckoutWidget,
  CheckoutWidgetConstructor,
  CheckoutWidgetEvent,
  CheckoutWidgetOptions,
  CheckoutWindow,
} from './checkout-widget';

/** One fake widget: what it was given, and a way to fire its events. */
export interface FakeWidget extends CheckoutWidget {
  options: CheckoutWidgetOptions;
  renderedInto: string | null;
  destroyed: boolean;
  emit(event: CheckoutWidgetEvent): void;
}

/**
 * Puts a fake `YooMoneyCheckoutWidget` on `win` that renders a small form (a «Заплатить» button firing
 * success) into the given element, and records every instance. `remove()` takes it away again.
 */
export function installFakeCheckoutWidget(win: CheckoutWindow = window as CheckoutWindow) {
  const widgets: FakeWidget[] = [];
  const Fake = function FakeCheckoutWidget(this: unknown, options: CheckoutWidgetOptions) {
    const listeners = new Map<CheckoutWidgetEvent, (() => void)[]>();
    const widget: FakeWidget = {
      options,
      renderedInto: null,
      destroyed: false,
      on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      emit: (event) => {
        for (const listener of listeners.get(event) ?? []) listener();
      },
      render: (containerId) => {
        widget.renderedInto = containerId;
        const host = win.document.getElementById(containerId);
        if (host) {
          const button = win.document.createElement('button');
          button.type = 'button';
          button.textContent = 'Заплатить';
          button.addEventListener('click', () => widget.emit('success'));
          host.replaceChildren(button);
        }
        return Promise.resolve();
      },
      destroy: () => {
        widget.destroyed = true;
        if (widget.renderedInto) win.document.getElementById(widget.renderedInto)?.replaceChildren();
      },
    };
    widgets.push(widget);
    return widget;
  } as unknown as CheckoutWidgetConstructor;
  win.YooMoneyCheckoutWidget = Fake;
  return {
    widgets,
    /** The newest widget. */
    last: () => widgets[widgets.length - 1],
    remove: () => {
      delete win.YooMoneyCheckoutWidget;
    },
  };
}
