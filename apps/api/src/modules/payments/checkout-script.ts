/**
 * The test provider's stand-in for Razorpay's checkout.js, with the same browser interface. The fetch
 * sends the session cookie: test-sign pays only the shopper's own order. No eval or inline script (CSP).
 * Unlike Razorpay, Fail closes the dialog before the payment.failed callbacks: one clear outcome.
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.Razorpay) return;
  var current = document.currentScript;
  var base = current && current.src ? new URL('.', current.src).href : '/api/payment/';
  var seq = 0;

  function money(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return '\u20b9' + (paise / 100).toFixed(2);
    }
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var BUTTON = 'font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;cursor:pointer;border:1px solid transparent;min-width:96px;';

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this._failed = [];
    this._root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (event === 'payment.failed' && typeof callback === 'function') this._failed.push(callback);
    return this;
  };

  Razorpay.prototype.close = function () {
    if (!this._root) return;
    document.removeEventListener('keydown', this._onKey, true);
    this._root.remove();
    this._root = null;
    if (this._returnFocus && typeof this._returnFocus.focus === 'function') this._returnFocus.focus();
  };

  Razorpay.prototype.open = function () {
    if (this._root) return;
    var self = this;
    var o = this.options;
    var id = 'rzp-test-' + ++seq;
    this._returnFocus = document.activeElement;

    var overlay = el('div', 'position:fixed;inset:0;z-index:2147483000;background:rgba(17,12,34,0.6);display:flex;align-items:center;justify-content:center;padding:16px;');
    overlay.setAttribute('data-testid', 'test-payment');
    var box = el('div', 'position:relative;background:#fff;color:#1f1633;border-radius:14px;max-width:380px;width:100%;padding:24px;box-shadow:0 20px 50px rgba(0,0,0,0.3);font-family:system-ui,sans-serif;');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', id + '-title');
    box.setAttribute('aria-describedby', id + '-desc');
    var title = el('h2', 'margin:0 0 8px;font-size:20px;', 'Test payment ' + money(Number(o.amount) || 0, o.currency));
    title.id = id + '-title';
    var desc = el('p', 'margin:0 0 20px;font-size:14px;color:#4b4263;', (o.name ? o.name + ': ' : '') + (o.description ? o.description + '. ' : '') + 'Built-in test provider: no money moves.');
    desc.id = id + '-desc';
    var status = el('p', 'margin:0 0 12px;font-size:14px;color:#b42318;min-height:1em;');
    status.setAttribute('role', 'status');
    var closeBtn = el('button', 'position:absolute;top:10px;right:12px;border:0;background:transparent;font-size:22px;line-height:1;cursor:pointer;color:#4b4263;padding:4px 8px;', '\u00d7');
    closeBtn.type = 'button';
    closeBtn.setAttribute('aria-label', 'Close');
    var pay = el('button', BUTTON + 'background:#6d28d9;color:#fff;', 'Pay');
    pay.type = 'button';
    var fail = el('button', BUTTON + 'background:#fff;color:#b42318;border-color:#b42318;', 'Fail');
    fail.type = 'button';
    var row = el('div', 'display:flex;gap:12px;justify-content:flex-end;');
    row.append(fail, pay);
    box.append(closeBtn, title, desc, status, row);
    overlay.append(box);

    function busy(on) {
      pay.disabled = on;
      fail.disabled = on;
      pay.textContent = on ? 'Processing\u2026' : 'Pay';
    }

    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }

    pay.addEventListener('click', function () {
      busy(true);
      status.textContent = '';
      fetch(base + 'test-sign', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id })
      })
        .then(function (res) {
          return res.json().then(function (body) {
            if (!res.ok) throw new Error(body && body.message ? body.message : 'Payment could not be completed');
            return body;
          });
        })
        .then(function (signed) {
          self.close();
          if (typeof o.handler === 'function') o.handler(signed);
        })
        .catch(function (err) {
          busy(false);
          status.textContent = err && err.message ? err.message : 'Payment could not be completed';
        });
    });

    fail.addEventListener('click', function () {
      var response = {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (test provider)',
          source: 'customer',
          step: 'payment_authentication',
          reason: 'payment_failed',
          metadata: { order_id: o.order_id, payment_id: 'pay_test_failed_' + Date.now().toString(36) }
        }
      };
      self.close();
      self._failed.forEach(function (cb) { cb(response); });
    });

    closeBtn.addEventListener('click', dismiss);

    this._onKey = function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismiss();
      } else if (event.key === 'Tab') {
        var focusable = [closeBtn, fail, pay].filter(function (b) { return !b.disabled; });
        var first = focusable[0];
        var last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', this._onKey, true);
    document.body.append(overlay);
    this._root = overlay;
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
