import { escapeHtml } from '../../http/html';

/** One pending sign-in shown on the sandbox push page. */
export interface PendingPush {
  asyncAuthUuid: string;
  code: string;
  /** Who asked for the sign-in (docs/decisions/021). */
  requesterDevice: string;
  requesterNetwork: string;
  createdAt: Date;
}

const time = (d: Date) => d.toISOString().slice(11, 19);

/**
 * The sandbox's stand-in for the phone's push notification: pending sign-ins with «Подтвердить вход»
 * and «Отклонить», which call asyncAuthConfirm exactly as a real phone app would.
 */
export function renderPushPage(phone: string, pushes: readonly PendingPush[]): string {
  const items = pushes
    .map(
      (p) => `<li data-uuid="${escapeHtml(p.asyncAuthUuid)}" data-code="${escapeHtml(p.code)}">
  <p>Вход в Кадр в ${escapeHtml(time(p.createdAt))} UTC. Код: <b>${escapeHtml(p.code)}</b></p>
  <p>Запрос: ${escapeHtml(p.requesterDevice)}, сеть ${escapeHtml(p.requesterNetwork)}. Если это не вы, нажмите «Отклонить».</p>
  <button type="button" data-decision="accept">Подтвердить вход</button>
  <button type="button" data-decision="reject">Отклонить</button>
  <output></output>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Песочница push — ${escapeHtml(phone)}</title>
<style>body{font:16px/1.4 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}li{margin:1rem 0;padding:1rem;border:1px solid #ccc;border-radius:8px;list-style:none}button{margin-right:.5rem}</style>
</head>
<body>
<h1>Push-уведомления для +${escapeHtml(phone)}</h1>
<p>Песочница: так телефон получил бы запрос на вход.</p>
${pushes.length ? `<ul>${items}</ul>` : '<p>Нет ожидающих входов.</p>'}
<p><a href="">Обновить</a></p>
<script>
for (const li of document.querySelectorAll('li[data-uuid]')) {
  for (const button of li.querySelectorAll('button')) {
    button.addEventListener('click', async () => {
      const out = li.querySelector('output');
      const res = await fetch('/v1/agregator/asyncAuthConfirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ async_auth_uuid: li.dataset.uuid, verify_code: li.dataset.code, decision: button.dataset.decision }),
      });
      const body = await res.json().catch(() => null);
      out.textContent = body && body.success
        ? (body.response.asyncAuthStatus === 'accepted' ? 'Вход подтверждён' : 'Вход отклонён')
        : 'Ошибка: ' + (body && body.response ? body.response.message : res.status);
      for (const b of li.querySelectorAll('button')) b.disabled = true;
    });
  }
}
</script>
</body>
</html>
`;
}
