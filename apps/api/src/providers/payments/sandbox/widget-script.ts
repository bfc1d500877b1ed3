/**
 * The sandbox's checkout widget, served at /sandbox/yookassa/checkout-widget/v1/checkout-widget.js:
 * `window.YooMoneyCheckoutWidget` with the constructor options, methods and events of YooKassa's
 * (https://yookassa.ru/developers/payment-acceptance/integration-scenarios/widget/reference), drawing
 * the sandbox's card form in an iframe. No dependencies; nothing runs until `new` and `render()`.
 *
 * Protocol with the frame (checkout-page.ts): the frame posts `{source: 'yookassa-sandbox', channel,
 * type: 'ready' | 'error' | 'success' | 'fail', error?}` to the page's origin; the widget accepts a
 * message only from its own frame's window, from the sandbox's origin, on its own channel.
 */
export const CHECKOUT_WIDGET_SCRIPT = String.raw`/* Kadr — sandbox YooKassa checkout widget (docs/decisions/016-payment-provider.md) */
(function () {
  'use strict';
  if (window.YooMoneyCheckoutWidget) return;
  var script = document.currentScript;
  // The script lives at {sandbox}/checkout-widget/v1/checkout-widget.js.
  var sandbox = new URL('../../', script && script.src ? script.src : location.href);
  var instances = 0;
  var COLOR_NAMES = {
    control_primary: 'control_primary', controlPrimary: 'control_primary',
    control_primary_content: 'control_primary_content', controlPrimaryContent: 'control_primary_content',
    control_secondary: 'control_secondary', controlSecondary: 'control_secondary',
    background: 'background', border: 'border', text: 'text'
  };

  function YooMoneyCheckoutWidget(options) {
    if (!(this instanceof YooMoneyCheckoutWidget)) throw new TypeError("Use 'new YooMoneyCheckoutWidget(options)'");
    this._options = options || {};
    this._listeners = {};
    this._channel = 'ymcw-' + (++instances) + '-' + Math.random().toString(36).slice(2, 10);
    this._frame = null;
    this._root = null;
    this._pending = null;
    this._done = false;
    this._onMessage = this._onMessage.bind(this);
  }

  /** Subscribes to 'success', 'fail', 'complete' or 'modal_close'. */
  YooMoneyCheckoutWidget.prototype.on = function (event, callback) {
    if (typeof callback !== 'function') return this;
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  YooMoneyCheckoutWidget.prototype._emit = function (event, payload) {
    var list = this._listeners[event] || [];
    for (var i = 0; i < list.length; i++) {
      try { list[i](payload); } catch (error) { setTimeout(function () { throw error; }); }
    }
    return list.length > 0;
  };

  YooMoneyCheckoutWidget.prototype._fail = function (code) {
    var callback = this._options.error_callback;
    if (typeof callback === 'function') callback({ error: code });
    this._remove();
    if (this._pending) { this._pending.reject(new Error(code)); this._pending = null; }
  };

  /** Shows the payment form: in the element with this id, or in a pop-up with customization.modal. */
  YooMoneyCheckoutWidget.prototype.render = function (containerId) {
    var self = this;
    var options = this._options;
    var customization = options.customization || {};
    return new Promise(function (resolve, reject) {
      self._pending = { resolve: resolve, reject: reject };
      if (!options.confirmation_token) return self._fail('token_required');
      if (options.return_url !== undefined && !/^https?:\/\/\S+$/.test(String(options.return_url))) {
        return self._fail('invalid_return_url');
      }
      var host;
      if (customization.modal) {
        host = self._modal();
      } else {
        host = containerId ? document.getElementById(containerId) : null;
        if (!host) { self._pending = null; return reject(new Error('No element with id "' + containerId + '"')); }
      }
      var colors = {};
      var given = customization.colors || {};
      for (var name in given) if (COLOR_NAMES[name]) colors[COLOR_NAMES[name]] = String(given[name]);
      var src = new URL('checkout/' + encodeURIComponent(options.confirmation_token), sandbox);
      src.searchParams.set('origin', location.origin);
      src.searchParams.set('channel', self._channel);
      if (Object.keys(colors).length) src.searchParams.set('colors', JSON.stringify(colors));
      var frame = document.createElement('iframe');
      frame.src = src.href;
      frame.title = 'Оплата картой';
      frame.setAttribute('allow', 'payment');
      frame.style.cssText = 'display:block;width:100%;min-width:288px;height:460px;border:0;background:transparent';
      // A frame that loads but never says 'ready' (the sandbox answered an error page) fails the render.
      frame.addEventListener('load', function () {
        if (!self._pending || self._frame !== frame) return;
        clearTimeout(self._readyTimer);
        self._readyTimer = setTimeout(function () {
          if (self._pending && self._frame === frame) self._fail('internal_service_error');
        }, 5000);
      });
      window.addEventListener('message', self._onMessage);
      host.appendChild(frame);
      self._frame = frame;
    });
  };

  YooMoneyCheckoutWidget.prototype._modal = function () {
    var self = this;
    var overlay = document.createElement('div');
    overlay.setAttribute('data-yoomoney-checkout-modal', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center';
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.style.cssText = 'position:relative;width:min(440px,100vw);background:#fff;border-radius:12px;overflow:hidden';
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Закрыть');
    close.style.cssText = 'position:absolute;top:4px;right:8px;z-index:1;border:0;background:none;font-size:28px;cursor:pointer';
    close.addEventListener('click', function () {
      self.destroy();
      self._emit('modal_close');
    });
    dialog.appendChild(close);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this._root = overlay;
    return dialog;
  };

  YooMoneyCheckoutWidget.prototype._onMessage = function (event) {
    var frame = this._frame;
    if (!frame || event.source !== frame.contentWindow || event.origin !== sandbox.origin) return;
    var data = event.data;
    if (!data || data.source !== 'yookassa-sandbox' || data.channel !== this._channel) return;
    if (data.type === 'ready') {
      clearTimeout(this._readyTimer);
      if (this._pending) { this._pending.resolve(); this._pending = null; }
    } else if (data.type === 'error') {
      this._fail(String(data.error || 'internal_service_error'));
    } else if ((data.type === 'success' || data.type === 'fail') && !this._done) {
      this._done = true;
      var status = data.type;
      // As YooKassa's widget: 'complete' replaces 'success' and 'fail' for those who subscribe to it.
      var handled = this._emit('complete', { status: status }) || this._emit(status, { status: status });
      if (!handled && this._options.return_url) location.assign(this._options.return_url);
    }
  };

  YooMoneyCheckoutWidget.prototype._remove = function () {
    clearTimeout(this._readyTimer);
    window.removeEventListener('message', this._onMessage);
    var node = this._root || this._frame;
    if (node && node.parentNode) node.parentNode.removeChild(node);
    this._frame = null;
    this._root = null;
  };

  /** Removes the payment form; the widget may be rendered again. */
  YooMoneyCheckoutWidget.prototype.destroy = function () {
    this._remove();
    this._done = false;
    if (this._pending) { this._pending = null; }
  };

  window.YooMoneyCheckoutWidget = YooMoneyCheckoutWidget;
})();
`;
