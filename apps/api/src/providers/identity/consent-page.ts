import { escapeHtml } from '../../http/html';
import type { AuthorizeRequest } from './provider';

const page = (title: string, body: string) => `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.4 system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}form{display:grid;gap:1rem}label{display:grid;gap:.25rem}input{font:inherit;padding:.5rem}.actions{display:flex;gap:.5rem}button{font:inherit;padding:.5rem 1rem}</style>
</head>
<body>
${body}
</body>
</html>
`;

/**
 * The sandbox provider's consent page: the account to sign in as (a name the tester types — the same
 * name is the same subject next time) and «Разрешить» / «Отказать». The request's parameters travel in
 * hidden fields and are checked again when the form comes back.
 */
export function renderConsentPage(action: string, request: AuthorizeRequest, message?: string): string {
  const hidden = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    prompt: request.prompt,
  };
  const fields = Object.entries(hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    'Песочница ID — вход в Кадр',
    `<h1>Вход в Кадр</h1>
<p>Песочница ID: так выглядел бы вход через внешний сервис. Кадр получит только ваш идентификатор.</p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${fields}
<label>Аккаунт<input name="login" value="tester" autocomplete="username" required maxlength="64"></label>
<div class="actions">
<button type="submit" name="decision" value="allow">Разрешить</button>
<button type="submit" name="decision" value="deny" formnovalidate>Отказать</button>
</div>
</form>`,
  );
}

/** The page for a request the sandbox cannot send back (unknown client or redirect URI). */
export function renderErrorPage(message: string): string {
  return page(
    'Песочница ID — ошибка',
    `<h1>Запрос входа отклонён</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
  );
}
