import { ApiCode, type ErrorBody } from '@kadr/api-contract';

/**
 * Every error the API answers, in one table: envelope code, HTTP status, message.
 *
 * The HTTP status equals the envelope code wherever the code is an HTTP status with the same meaning.
 * The SPEC's own codes get a 4xx status instead: 502 (wrong code) → 422 and 520 (code expired) → 410,
 * because proxies and CDNs treat a 5xx as a server fault (alerts, retries, replaced bodies) and would
 * do so for a viewer's typo; 901/910 → 401; clients act on the envelope `code`.
 * Messages a viewer may see are Russian; protocol errors meant for developers are English.
 */
export const errorTable = {
  validation_error: { code: ApiCode.VALIDATION, status: 400, message: 'Request does not match the contract' },
  invalid_phone: { code: ApiCode.VALIDATION, status: 400, message: 'Неверный номер телефона' },
  invalid_json: { code: ApiCode.VALIDATION, status: 400, message: 'Body is not valid JSON' },
  bad_request: { code: ApiCode.VALIDATION, status: 400, message: 'Bad request' },
  invalid_client: {
    code: ApiCode.INVALID_CLIENT,
    status: 401,
    message: 'Unknown client_id or wrong client_secret',
  },
  not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Not found' },
  // Catalogue: SPEC §8 code 900 ("nocontent") for a missing content item or one without vendor_id.
  no_content: { code: ApiCode.NO_CONTENT, status: 404, message: 'Контент не найден' },
  no_vendor: { code: ApiCode.NO_CONTENT, status: 404, message: 'vendor_id отсутствует' },
  season_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Сезон не найден' },
  episode_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Серия не найдена' },
  // TV schedule: the EK of a schedule request must stand for a channel; stream_id must be a channel.
  not_a_channel: { code: ApiCode.NOT_FOUND, status: 404, message: 'Контент не является телеканалом' },
  channel_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Телеканал не найден' },
  // Playback (docs/decisions/005). Release refusals are envelopes a viewer may see; grant and segment
  // refusals answer players and CDNs (English), 403 for a bad signature, 410 for an expired one.
  episode_required: { code: ApiCode.VALIDATION, status: 400, message: 'EP_id is required for a series' },
  not_playable: { code: ApiCode.NOT_FOUND, status: 404, message: 'Этот контент нельзя воспроизвести' },
  media_not_ready: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Видео ещё готовится. Попробуйте позже',
  },
  not_purchased: { code: ApiCode.FORBIDDEN, status: 403, message: 'Контент доступен по подписке' },
  grant_invalid: { code: ApiCode.FORBIDDEN, status: 403, message: 'Playback grant is invalid' },
  grant_expired: {
    code: ApiCode.CODE_EXPIRED,
    status: 410,
    message: 'Playback grant expired: ask for a new release',
  },
  grant_foreign: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message: 'Playback grant belongs to another viewer or title',
  },
  // The grant is genuine and unexpired, but what it was given for is gone (decision 022).
  grant_revoked: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message: 'Playback grant revoked: the session ended or the package is no longer held',
  },
  signature_invalid: { code: ApiCode.FORBIDDEN, status: 403, message: 'Segment signature is invalid' },
  signature_expired: { code: ApiCode.CODE_EXPIRED, status: 410, message: 'Segment signature expired' },
  past_preview: { code: ApiCode.FORBIDDEN, status: 403, message: 'Segment is past the end of the preview' },
  // The stream limit (docs/decisions/057): a full playback beyond STREAM_LIMIT is refused with the
  // profile's playbacks in `streams` (the message names the limit: AppError's message); a precondition
  // retrying will not fix until one stops (envelope 424, never retried). A stopped one's keys: 403.
  stream_limit: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Достигнут предел одновременных просмотров. Остановите просмотр на другом устройстве',
  },
  stream_stopped: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message: 'Просмотр на этом устройстве остановлен с другого устройства',
  },
  stream_not_found: {
    code: ApiCode.NOT_FOUND,
    status: 404,
    message: 'На этом устройстве сейчас ничего не смотрят',
  },
  // Live TV and its archive (docs/decisions/029): getReleaseChannel's refusals a viewer may see. A
  // programme that has not started, or has left the archive, is a precondition retrying will not fix
  // soon (envelope 424, never retried by SPEC clients).
  archive_unavailable: { code: ApiCode.NOT_FOUND, status: 404, message: 'У этого канала нет архива передач' },
  archive_in_future: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Передача ещё не началась: её можно будет посмотреть в эфире',
  },
  programme_not_found: {
    code: ApiCode.NOT_FOUND,
    status: 404,
    message: 'В программе канала нет передачи, которая начинается в это время',
  },
  archive_expired: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 410,
    message: 'Эта передача больше не хранится в архиве канала',
  },
  preview_spent: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 403,
    message: 'Бесплатный просмотр канала закончился. Оформите подписку, чтобы смотреть дальше',
  },
  // Billing (docs/decisions/015). Refusals of a request the viewer's state does not allow: HTTP 409,
  // envelope 424 (a precondition retrying will not fix; SPEC §8 never retries 424).
  package_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Пакет не найден' },
  package_not_subscribed: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Подписка на этот пакет не оформлена',
  },
  package_already_cancelled: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Подписка уже отменена',
  },
  package_store_managed: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Эта подписка оформлена не на сайте: управлять ею можно там, где она оформлена',
  },
  cancel_payment_checking: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Идёт проверка платежа. Отменить подписку можно позже',
  },
  cancel_too_late: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Автопродление можно отключить не позднее чем за 24 часа до списания',
  },
  package_not_cancelled: { code: ApiCode.FAILED_DEPENDENCY, status: 409, message: 'Подписка не отменена' },
  restore_period_ended: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Срок подписки закончился: оформите её заново',
  },
  package_not_for_sale: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'Этот пакет нельзя оформить на сайте',
  },
  package_already_bought: { code: ApiCode.FAILED_DEPENDENCY, status: 409, message: 'Пакет уже оплачен' },
  card_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Платежное средство не найдено' },
  // SPEC §8, word for word.
  card_in_use: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message:
      'Платежное средство можно удалить после истечения срока подписки. Дождитесь окончания подписки и повторите действие',
  },
  // Payments (docs/decisions/018-payment-flow.md).
  payment_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Платёж не найден' },
  payment_device_mismatch: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message: 'device_uid is not the device of this session',
  },
  payment_provider_unavailable: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Платёжный сервис временно недоступен. Попробуйте позже',
  },
  payment_provider_error: {
    code: ApiCode.INTERNAL,
    status: 500,
    message: 'Не удалось создать платёж. Попробуйте позже',
  },
  payment_amount_mismatch: {
    code: ApiCode.INTERNAL,
    status: 500,
    message: 'Сумма платежа не совпадает с тарифом. Платёж отменён',
  },
  notification_untrusted: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message: 'Notification sender is not the payment provider',
  },
  notification_invalid: {
    code: ApiCode.VALIDATION,
    status: 400,
    message: 'Notification is not a known payment notification',
  },
  // Viewing memory (docs/decisions/055-viewing-memory.md): a progress report past the end of what it
  // reports on (its own duration, or the catalogue's duration of the title, episode or programme), and
  // «Буду смотреть» at its size limit.
  position_out_of_range: {
    code: ApiCode.VALIDATION,
    status: 400,
    message: 'Позиция просмотра за пределами длительности видео',
  },
  watchlist_full: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 409,
    message: 'В списке «Буду смотреть» нет места: уберите из него что-нибудь, чтобы добавить новое',
  },
  payload_too_large: { code: ApiCode.PAYLOAD_TOO_LARGE, status: 413, message: 'Body is larger than 16 KiB' },
  unsupported_media_type: {
    code: ApiCode.UNSUPPORTED_MEDIA_TYPE,
    status: 415,
    message: 'Body must be application/json',
  },
  rate_limited: {
    code: ApiCode.RATE_LIMITED,
    status: 429,
    message: 'Слишком много запросов. Попробуйте позже',
  },
  // New anonymous profiles (anonymousAuth, docs/decisions/046): the caller's address or subnet made too
  // many in the last hour, or the whole service did. Both 429 (never retried by the client: the web app
  // opens the catalogue without a session instead, decision 047), with retry_after.
  new_visits_limited: {
    code: ApiCode.RATE_LIMITED,
    status: 429,
    message: 'Слишком много новых посещений из вашей сети. Попробуйте позже',
  },
  new_visits_budget_exhausted: {
    code: ApiCode.RATE_LIMITED,
    status: 429,
    message: 'Сейчас слишком много новых посещений. Попробуйте позже',
  },
  // A browser request another site made (Fetch-Metadata, docs/decisions/046): an <img> or a frame on any
  // page must not start sessions on the viewer's address.
  cross_site_refused: {
    code: ApiCode.FORBIDDEN,
    status: 403,
    message:
      "Cross-site request refused: anonymous sessions start from this site's pages, apps or CORS_ORIGINS",
  },
  resend_too_early: {
    code: ApiCode.RATE_LIMITED,
    status: 429,
    message: 'Новый код можно запросить через минуту после предыдущего',
  },
  too_many_wrong_codes: {
    code: ApiCode.RATE_LIMITED,
    status: 429,
    message: 'Слишком много неверных кодов. Попробуйте позже',
  },
  wrong_code: { code: ApiCode.WRONG_CODE, status: 422, message: 'Неверный код' },
  code_expired: { code: ApiCode.CODE_EXPIRED, status: 410, message: 'Код устарел. Запросите новый код' },
  code_attempts_exhausted: {
    code: ApiCode.CODE_EXPIRED,
    status: 410,
    message: 'Слишком много неверных попыток. Запросите новый код',
  },
  // A sign-in link's value that is unknown, expired or spent, or whose profile is gone (docs/decisions/
  // 038): one answer for all, so the value's state is not told; 520 like a spent code (never retried).
  sign_in_link_invalid: {
    code: ApiCode.CODE_EXPIRED,
    status: 410,
    message: 'Ссылка для входа недействительна или устарела',
  },
  // The «Устройства» page (docs/decisions/057): a device that is not the caller's profile's, or is
  // signed out already — one answer, so another profile's device is not told to exist.
  device_not_found: { code: ApiCode.NOT_FOUND, status: 404, message: 'Устройство не найдено' },
  // Sign-in through an identity provider (docs/decisions/041): what the web route shows the viewer.
  identity_provider_unknown: {
    code: ApiCode.NOT_FOUND,
    status: 404,
    message: 'Такой способ входа не подключён',
  },
  identity_provider_unavailable: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Сервис входа сейчас недоступен. Попробуйте позже',
  },
  // The state is unknown, spent, expired or was started by another browser: 520, never retried.
  identity_state_invalid: {
    code: ApiCode.CODE_EXPIRED,
    status: 410,
    message: 'Запрос на вход устарел или не подтверждён. Начните вход заново',
  },
  // The provider refused the code (invalid_grant: expired, reused, wrong verifier) or any token error.
  identity_provider_refused: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 424,
    message: 'Сервис входа не подтвердил вход. Начните вход заново',
  },
  // The ID token failed a check: signature, issuer, audience, expiry or nonce.
  identity_token_invalid: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 424,
    message: 'Ответ сервиса входа не прошёл проверку. Начните вход заново',
  },
  sign_in_not_accepted: {
    code: ApiCode.FAILED_DEPENDENCY,
    status: 424,
    message: 'Вход не подтверждён на телефоне',
  },
  provider_unavailable: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Не удалось отправить код. Попробуйте позже',
  },
  // The service's hourly SMS budget is spent (docs/decisions/021): a service-side refusal, like a
  // failing gateway, with the same words for the viewer and retry_after.
  sms_budget_exhausted: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Не удалось отправить код. Попробуйте позже',
  },
  token_expired: { code: ApiCode.TOKEN_EXPIRED, status: 401, message: 'Access token expired: refresh it' },
  session_invalid: {
    code: ApiCode.SESSION_INVALID,
    status: 401,
    message: 'Session is invalid: start a new one',
  },
  // GET /metrics without the METRICS_TOKEN bearer token (docs/decisions/027-operations.md).
  metrics_token_required: {
    code: ApiCode.INVALID_CLIENT,
    status: 401,
    message: 'Metrics need the METRICS_TOKEN bearer token',
  },
  internal: { code: ApiCode.INTERNAL, status: 500, message: 'Internal server error' },
  // PostgreSQL or Redis cannot be reached (http/dependency-errors.ts, docs/decisions/025), or the heavy
  // writes' queue is full and the call is shed (db/heavy-writes.ts, docs/decisions/048): the same
  // request succeeds a little later, so it is 503 with retry_after, not a 500.
  service_unavailable: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'Сервис временно недоступен. Попробуйте позже',
  },
  // Transport refusals that Fastify and Node answer before any route (http/framework-errors.ts): the
  // envelope code says "does not match the contract", the HTTP status says what exactly.
  bad_url: { code: ApiCode.VALIDATION, status: 400, message: 'URL is not valid: malformed percent-encoding' },
  uri_too_long: { code: ApiCode.VALIDATION, status: 414, message: 'URL is too long' },
  headers_too_large: {
    code: ApiCode.VALIDATION,
    status: 431,
    message: 'Request line and headers are larger than 16 KiB',
  },
  request_timeout: { code: ApiCode.VALIDATION, status: 408, message: 'Request was not received in time' },
  // Lifecycle (docs/decisions/020-server-lifecycle.md): health checks of balancers and orchestrators.
  shutting_down: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'This instance is shutting down: send requests to another one',
  },
  not_ready: {
    code: ApiCode.PROVIDER_UNAVAILABLE,
    status: 503,
    message: 'This instance is not ready: a service it needs does not answer',
  },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

/** A stable error id, the `error` field of an error envelope. */
export type ErrorId = keyof typeof errorTable;

/** A per-field problem of a rejected request. */
export type ErrorDetail = NonNullable<ErrorBody['details']>[number];
/** A full playback of a `stream_limit` refusal. */
export type ActiveStream = NonNullable<ErrorBody['streams']>[number];

/** An expected failure: thrown anywhere, answered by the global error handler from the table. */
export class AppError extends Error {
  override name = 'AppError';
  readonly id: ErrorId;
  readonly details: ErrorDetail[] | undefined;
  /** Seconds until the same request may succeed (rate limits). */
  readonly retryAfter: number | undefined;
  /** `stream_limit`: the profile's full playbacks now (docs/decisions/057). */
  readonly streams: ActiveStream[] | undefined;

  constructor(
    id: ErrorId,
    options: {
      details?: ErrorDetail[];
      retryAfter?: number;
      message?: string;
      cause?: unknown;
      streams?: ActiveStream[];
    } = {},
  ) {
    super(options.message ?? errorTable[id].message, { cause: options.cause });
    this.id = id;
    this.details = options.details;
    this.streams = options.streams;
    this.retryAfter =
      options.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfter));
  }
}

/** The error envelope `{code, success:false, response}` and HTTP status for an error id. */
export function errorReply(
  id: ErrorId,
  extra: { details?: ErrorDetail[]; retryAfter?: number; message?: string; streams?: ActiveStream[] } = {},
) {
  const entry = errorTable[id];
  const response: ErrorBody = { error: id, message: extra.message ?? entry.message };
  if (extra.details) response.details = extra.details;
  if (extra.streams) response.streams = extra.streams;
  if (extra.retryAfter !== undefined) response.retry_after = extra.retryAfter;
  return { status: entry.status, body: { code: entry.code, success: false as const, response } };
}
