import { escapeHtml } from '../../../http/html';
import type { Receipt, ReceiptRequest } from '../schemas';

/** Russian names of the VAT codes of a receipt item (54-FZ). */
const VAT_NAMES: Record<number, string> = {
  1: 'Без НДС',
  2: 'НДС 0%',
  3: 'НДС 10%',
  4: 'НДС 20%',
  5: 'НДС 10/110',
  6: 'НДС 20/120',
  7: 'НДС 5%',
  8: 'НДС 7%',
  9: 'НДС 5/105',
  10: 'НДС 7/107',
  11: 'НДС 22%',
  12: 'НДС 22/122',
};

const MODES: Record<string, string> = {
  full_prepayment: 'Предоплата 100%',
  partial_prepayment: 'Частичная предоплата',
  advance: 'Аванс',
  full_payment: 'Полный расчёт',
  partial_payment: 'Частичный расчёт и кредит',
  credit: 'Передача в кредит',
  credit_payment: 'Оплата кредита',
};

const SUBJECTS: Record<string, string> = {
  commodity: 'Товар',
  service: 'Услуга',
  job: 'Работа',
  payment: 'Платёж',
  another: 'Иной предмет расчёта',
};

/** `299.00` → `299,00 ₽`. */
const rub = (value: string) => `${value.replace('.', ',')} ₽`;
/** 79991234567 → +7 999 123-45-67. */
const phone = (p: string) =>
  /^7\d{10}$/.test(p) ? `+7 ${p.slice(1, 4)} ${p.slice(4, 7)}-${p.slice(7, 9)}-${p.slice(9)}` : p;

const moscowDateTime = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The sandbox's receipt page: what the fiscal data operator's page would show for a receipt. */
export function renderReceiptPage(receipt: Receipt, customer: ReceiptRequest['customer']): string {
  const rows = receipt.items
    .map((item) => {
      const quantity = Number(item.quantity);
      const total = (Number(item.amount.value) * quantity).toFixed(2);
      return `<tr>
  <td>${escapeHtml(item.description)}<div class="sub">${escapeHtml(
    [SUBJECTS[item.payment_subject ?? ''], MODES[item.payment_mode ?? '']].filter(Boolean).join(' · '),
  )}</div></td>
  <td>${quantity}</td><td>${rub(item.amount.value)}</td><td>${rub(total)}</td>
  <td>${escapeHtml(VAT_NAMES[item.vat_code] ?? `НДС (код ${item.vat_code})`)}</td>
</tr>`;
    })
    .join('\n');
  const kopecks = receipt.items.reduce(
    (sum, item) => sum + Math.round(Number(item.amount.value) * 100 * Number(item.quantity)),
    0,
  );
  const totalValue = (kopecks / 100).toFixed(2);
  const contact = [customer.phone && phone(customer.phone), customer.email].filter(Boolean).join(', ');
  const registered = receipt.status === 'succeeded' && receipt.registered_at;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Кассовый чек — песочница ЮKassa</title>
<style>body{font:15px/1.45 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}.sub{color:#666;font-size:13px}.total{font-size:18px;font-weight:600}.note{color:#8a6d00}</style>
</head>
<body>
<h1>Кассовый чек</h1>
<p>Приход · песочница ЮKassa: чек не передаётся в налоговую.</p>
${registered ? `<p>Зарегистрирован ${escapeHtml(moscowDateTime(receipt.registered_at as string))} (МСК)</p>` : '<p class="note">Чек регистрируется…</p>'}
<table>
<thead><tr><th>Наименование</th><th>Кол-во</th><th>Цена</th><th>Сумма</th><th>НДС</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="total">Итого: ${rub(totalValue)}</p>
<p>Безналичными: ${rub(totalValue)}</p>
<p>Покупатель: ${escapeHtml(contact)}</p>
${
  registered
    ? `<p class="sub">ФД № ${escapeHtml(receipt.fiscal_document_number ?? '')} · ФН № ${escapeHtml(
        receipt.fiscal_storage_number ?? '',
      )} · ФП ${escapeHtml(receipt.fiscal_attribute ?? '')}</p>`
    : ''
}
</body>
</html>
`;
}
