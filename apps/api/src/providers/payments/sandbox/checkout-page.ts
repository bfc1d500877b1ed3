import { escapeHtml } from '../../../http/html';
import type { Payment } from '../schemas';
import { TEST_CARDS } from './cards';

/** Where the frame's messages go and on which channel (from the widget's iframe URL). */
export interface FrameTarget {
  /** The embedding page's origin; messages are posted to it only. */
  origin: string;
  channel: string;
}

/** Colours of customization.colors the form honours, as CSS values. */
export type FormColors = Partial<
  Record<
    'control_primary' | 'control_primary_content' | 'control_secondary' | 'background' | 'border' | 'text',
    string
  >
>;

const DEFAULT_COLORS: Required<FormColors> = {
  control_primary: '#FFCC00',
  control_primary_content: '#000000',
  control_secondary: '#F2F3F5',
  background: '#FFFFFF',
  border: '#D9D9D9',
  text: '#000000',
};

/** The frame target from the iframe's query, or undefined when it is not an origin and a channel id. */
export function frameTarget(origin: unknown, channel: unknown): FrameTarget | undefined {
  if (typeof origin !== 'string' || typeof channel !== 'string') return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(channel)) return undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return undefined;
  } catch {
    return undefined;
  }
  return { origin, channel };
}

/** The colours of `?colors=` (JSON) that are hex colours; anything else is ignored. */
export function formColors(raw: unknown): FormColors {
  if (typeof raw !== 'string') return {};
  try {
    const given = JSON.parse(raw) as Record<string, unknown>;
    const colors: FormColors = {};
    for (const name of Object.keys(DEFAULT_COLORS) as Array<keyof FormColors>) {
      const value = given[name];
      if (typeof value === 'string' && /^#[0-9A-Fa-f]{3}([0-9A-Fa-f]{3})?$/.test(value)) colors[name] = value;
    }
    return colors;
  } catch {
    return {};
  }
}

/** Russian texts of cancellation reasons the sandbox produces. */
export const DECLINE_TEXTS: Record<string, string> = {
  insufficient_funds: 'Недостаточно средств на карте',
  card_expired: 'Истёк срок действия карты',
  '3d_secure_failed': 'Не пройдена проверка 3-D Secure',
  general_decline: 'Банк отклонил оплату. В песочнице проходят только тестовые карты',
  expired_on_confirmation: 'Время на оплату истекло',
  permission_revoked: 'Списания с карты запрещены',
};

const rub = (value: string) => `${value.replace('.', ',')} ₽`;
/** JSON for an inline script: no `</script>` can close it early. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function page(title: string, colors: FormColors, body: string, script: string): string {
  const c = { ...DEFAULT_COLORS, ...colors };
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
:root{--primary:${c.control_primary};--primary-content:${c.control_primary_content};--secondary:${c.control_secondary};--bg:${c.background};--border:${c.border};--text:${c.text}}
*{box-sizing:border-box}body{margin:0;padding:16px;font:15px/1.4 system-ui,sans-serif;color:var(--text);background:var(--bg)}
h1{font-size:18px;margin:0 0 4px}.sub{opacity:.7;font-size:13px;margin:0 0 12px}
label{display:block;margin:10px 0 4px;font-size:13px}input{width:100%;padding:10px;border:1px solid var(--border);border-radius:8px;font:inherit;color:var(--text);background:var(--bg)}
input:focus{outline:2px solid var(--primary);border-color:var(--primary)}.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:14px;width:100%;padding:12px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;background:var(--primary);color:var(--primary-content)}
button.secondary{background:var(--secondary);color:var(--text)}button:disabled{opacity:.6;cursor:default}
output{display:block;margin-top:10px;min-height:1.4em}output.error{color:#d00}output.ok{color:#080}
details{margin-top:14px;font-size:13px}details li{margin:2px 0}code{font-size:12px}
</style>
</head>
<body>
${body}
<script>
${script}
</script>
</body>
</html>
`;
}

/** Posts to the widget: defined in every frame page. */
const postScript = (target: FrameTarget | undefined) => `
const target = ${inlineJson(target ?? null)};
function tell(type, extra) {
  if (!target || window.parent === window) return;
  window.parent.postMessage(Object.assign({ source: 'yookassa-sandbox', channel: target.channel, type: type }, extra || {}), target.origin);
}`;

/** A frame page that only reports an error (unknown or expired token, bad frame parameters). */
export function renderCheckoutError(error: string, target: FrameTarget | undefined): string {
  const text = error === 'token_expired' ? 'Время на оплату истекло' : 'Платёж не найден';
  return page(
    'Оплата картой',
    {},
    `<p>${escapeHtml(text)}</p>`,
    `${postScript(target)}\ntell('error', { error: ${inlineJson(error)} });`,
  );
}

/** A frame page for a payment that is already final: reports its outcome to the widget. */
export function renderCheckoutFinal(
  payment: Payment,
  target: FrameTarget | undefined,
  colors: FormColors,
): string {
  const ok = payment.status === 'succeeded';
  const reason = payment.cancellation_details?.reason ?? '';
  const text = ok ? 'Оплата прошла' : `Оплата не прошла: ${DECLINE_TEXTS[reason] ?? 'платёж отменён'}`;
  return page(
    'Оплата картой',
    colors,
    `<output class="${ok ? 'ok' : 'error'}">${escapeHtml(text)}</output>`,
    `${postScript(target)}\ntell('ready');\ntell(${inlineJson(ok ? 'success' : 'fail')});`,
  );
}

/** The card form of a pending payment (the widget's iframe). */
export function renderCheckoutForm(
  token: string,
  payment: Payment,
  target: FrameTarget | undefined,
  colors: FormColors,
): string {
  const cards = TEST_CARDS.map(
    (c) =>
      `<li><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — ${escapeHtml(c.description)}</li>`,
  ).join('');
  const body = `<h1>Оплата картой</h1>
<p class="sub">${escapeHtml(payment.description ?? '')} · ${rub(payment.amount.value)} · песочница ЮKassa</p>
<form novalidate>
<label for="number">Номер карты</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" required>
<div class="row">
<div><label for="expiry">Срок действия</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" required></div>
<div><label for="csc">CVC</label><input id="csc" name="csc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3" required></div>
</div>
<button type="submit">Заплатить ${rub(payment.amount.value)}</button>
<output role="status"></output>
</form>
<details>
<summary>Тестовые карты</summary>
<ul>${cards}</ul>
<p>Срок действия — любой в будущем, CVC — любые три цифры. Другие номера банк отклоняет.</p>
</details>`;
  const script = `${postScript(target)}
const token = ${inlineJson(token)};
const declines = ${inlineJson(DECLINE_TEXTS)};
const form = document.querySelector('form');
const out = form.querySelector('output');
const button = form.querySelector('button');
const query = location.search;
tell('ready');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  out.className = '';
  out.textContent = 'Проводим оплату…';
  const card = { number: form.number.value, expiry: form.expiry.value, csc: form.csc.value };
  let result;
  try {
    const res = await fetch('../checkout/' + encodeURIComponent(token) + '/card', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card),
    });
    result = await res.json();
  } catch {
    result = { result: 'network' };
  }
  finish(result);
});
function finish(result) {
  if (result.result === 'three_ds') {
    location.assign('../checkout/' + encodeURIComponent(token) + '/3ds' + query);
    return;
  }
  if (result.result === 'invalid_card') {
    out.className = 'error';
    out.textContent = result.message;
    form[result.field].focus();
    button.disabled = false;
    return;
  }
  if (result.result === 'succeeded') {
    out.className = 'ok';
    out.textContent = 'Оплата прошла';
    tell('success');
    return;
  }
  if (result.result === 'canceled') {
    const reason = result.payment && result.payment.cancellation_details ? result.payment.cancellation_details.reason : '';
    out.className = 'error';
    out.textContent = 'Оплата не прошла: ' + (declines[reason] || 'платёж отменён');
    tell('fail');
    return;
  }
  if (result.result === 'token_expired' || result.result === 'invalid_token') {
    out.className = 'error';
    out.textContent = 'Время на оплату истекло';
    tell('error', { error: result.result });
    return;
  }
  out.className = 'error';
  out.textContent = 'Не удалось связаться с банком. Попробуйте ещё раз';
  button.disabled = false;
}`;
  return page('Оплата картой', colors, body, script);
}

/** The sandbox bank's 3-D Secure page, shown in the same frame. */
export function renderThreeDsPage(
  token: string,
  payment: Payment,
  last4: string,
  target: FrameTarget | undefined,
  colors: FormColors,
): string {
  const body = `<h1>Подтверждение платежа</h1>
<p class="sub">3-D Secure · песочница банка</p>
<p>Подтвердите оплату ${rub(payment.amount.value)} картой •••• ${escapeHtml(last4)}.</p>
<button type="button" data-decision="confirm">Подтвердить</button>
<button type="button" class="secondary" data-decision="refuse">Отказаться</button>
<output role="status"></output>`;
  const script = `${postScript(target)}
const token = ${inlineJson(token)};
const out = document.querySelector('output');
tell('ready');
for (const button of document.querySelectorAll('button[data-decision]')) {
  button.addEventListener('click', async () => {
    for (const b of document.querySelectorAll('button')) b.disabled = true;
    let result;
    try {
      const res = await fetch('../../checkout/' + encodeURIComponent(token) + '/3ds', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: button.dataset.decision }),
      });
      result = await res.json();
    } catch {
      result = { result: 'network' };
    }
    if (result.result === 'succeeded') { out.className = 'ok'; out.textContent = 'Оплата прошла'; tell('success'); }
    else if (result.result === 'canceled') { out.className = 'error'; out.textContent = 'Оплата не прошла: не пройдена проверка 3-D Secure'; tell('fail'); }
    else if (result.result === 'token_expired' || result.result === 'invalid_token') { out.className = 'error'; out.textContent = 'Время на оплату истекло'; tell('error', { error: result.result }); }
    else { out.className = 'error'; out.textContent = 'Не удалось связаться с банком. Попробуйте ещё раз'; for (const b of document.querySelectorAll('button')) b.disabled = false; }
  });
}`;
  return page('Подтверждение платежа', colors, body, script);
}
