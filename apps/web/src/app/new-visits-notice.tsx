import { type ApiErrorLike, formatWait } from '@kadr/auth-session';
import { NoticeDialog } from '../shared/notice-dialog';
import { useSessionStore } from '../shared/stores/session-store';

/**
 * The notice's words for anonymousAuth's 429 (kept in this lazily loaded chunk: the entry every screen
 * shares does not carry them): whose limit it is — the visitor's network's (`new_visits_limited`) or
 * the whole service's (`new_visits_budget_exhausted`) — that the catalogue is open, and when watching,
 * buying and signing in come back; never the "check your connection" of a failed start (decision 047).
 */
export function newVisitsLimitedMessage(refusal: Pick<ApiErrorLike, 'error' | 'retryAfter'>): string {
  const cause =
    refusal.error === 'new_visits_budget_exhausted'
      ? 'Сейчас к Кадру подключается слишком много новых зрителей.'
      : 'Из вашей сети за последний час пришло слишком много новых посетителей — так бывает в офисах и у мобильных операторов.';
  const wait = refusal.retryAfter;
  const when = wait === undefined || !(wait > 0) ? 'чуть позже' : `через ${formatWait(wait)}`;
  return `${cause} Каталог открыт, а смотреть видео, оформлять подписку и входить можно будет ${when} — тогда обновите страницу.`;
}

/**
 * The notice shown once when startup got no session because too many new visits came from the
 * visitor's network or to the whole service (decision 047). ОК closes it; the catalogue stays.
 */
export function NewVisitsNotice() {
  const refusal = useSessionStore((state) => state.limit);
  const dismiss = useSessionStore((state) => state.dismissLimitNotice);
  if (!refusal) return null;
  return <NoticeDialog text={newVisitsLimitedMessage(refusal)} onClose={dismiss} />;
}
