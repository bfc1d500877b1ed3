import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutScriptError, type CheckoutWindow, loadCheckoutWidget } from './checkout-widget';

const SRC = '/sandbox/yookassa/checkout-widget/v1/checkout-widget.js';
const win = window as CheckoutWindow;
const scripts = () => [...document.head.querySelectorAll('script')];

afterEach(() => {
  delete win.YooMoneyCheckoutWidget;
  for (const script of scripts()) script.remove();
  vi.useRealTimers();
});

describe('loadCheckoutWidget', () => {
  it('uses the constructor the page already has without loading anything', async () => {
    const Widget = vi.fn();
    win.YooMoneyCheckoutWidget = Widget as never;
    await expect(loadCheckoutWidget(SRC)).resolves.toBe(Widget);
    expect(scripts()).toHaveLength(0);
  });

  it('loads the script once for two callers and resolves with its constructor', async () => {
    const first = loadCheckoutWidget(SRC);
    const second = loadCheckoutWidget(SRC);
    expect(scripts().map((s) => s.getAttribute('src'))).toEqual([SRC]);
    const Widget = vi.fn();
    win.YooMoneyCheckoutWidget = Widget as never;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Widget);
    await expect(second).resolves.toBe(Widget);
  });

  it('rejects when the script fails, and tries again on the next call', async () => {
    const first = loadCheckoutWidget(SRC);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toMatchObject({ name: 'CheckoutScriptError', reason: 'failed' });
    expect(scripts()).toHaveLength(0);
    const again = loadCheckoutWidget(SRC);
    expect(scripts()).toHaveLength(1);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(again).rejects.toMatchObject({ reason: 'failed' });
  });

  it('rejects when the script loads without the constructor', async () => {
    const load = loadCheckoutWidget(SRC);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(load).rejects.toMatchObject({ reason: 'missing' });
  });

  it('gives up after the time-out', async () => {
    vi.useFakeTimers();
    const load = loadCheckoutWidget(SRC, { timeoutMs: 5000 });
    vi.advanceTimersByTime(5000);
    await expect(load).rejects.toBeInstanceOf(CheckoutScriptError);
    await expect(load).rejects.toMatchObject({ reason: 'timeout' });
  });
});
