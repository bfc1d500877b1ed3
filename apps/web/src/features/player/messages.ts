import { PROMPT_TITLE } from '@kadr/auth-session';

/** m:ss of whole seconds (0:14, 1:05, 10:00). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Texts of the content card's player block (SPEC §2 player block, §4 play logic). Where the SPEC gives
 * no wording the texts are ours (docs/decisions/006-player-block.md).
 */
export const playerMessages = {
  player: 'Плеер',
  play: 'Смотреть',
  loading: 'Загружаем видео…',
  close: 'Закрыть плеер',
  /** The preview overlay's countdown. */
  previewCountdown: (seconds: number) => `Бесплатный просмотр: ${formatClock(seconds)}`,
  /** The preview overlay's buy button (the pay dialog entry point with goal PLAYER_BUY_SUCCESS). */
  overlayBuy: 'Оформить подписку',
  /** The final block after the preview (the paywall; its button carries the tariff's pay_text). */
  finalTitle: 'Бесплатный просмотр закончился',
  finalText: (packageName: string) => `Чтобы смотреть дальше, оформите подписку «${packageName}».`,
  /** The final block's button when the tariff has no pay_text. */
  finalBuyFallback: 'Оформить подписку',
  /** Shown under the play image after a load or start error (SPEC §8: the play image comes back). */
  startFailed: 'Не удалось запустить видео. Попробуйте ещё раз.',
  /**
   * The install paywall: the offline-download prompt (SPEC §1 and §4; player-core pauses the video while
   * it shows). Texts are ours (docs/decisions/039-offline-download-prompt.md).
   */
  installTitle: 'Скачивайте в приложении Кадр',
  installText:
    'Фильмы и серии можно скачать и смотреть без интернета в мобильном приложении Кадра. Откройте приложение или установите его из магазина.',
  installOpenApp: 'Открыть приложение',
  installStores: 'Установить из магазина',
  installContinue: 'Продолжить просмотр',
  /** The control bar's offline-download action (phones; films and episodes). */
  download: 'Скачать',
  // Buyer controls (SPEC §6: seek 10 s, episode buttons, quality, speed, picture in picture).
  controls: 'Управление плеером',
  pause: 'Пауза',
  resume: 'Продолжить',
  mute: 'Выключить звук',
  unmute: 'Включить звук',
  back10: 'Назад на 10 секунд',
  forward10: 'Вперёд на 10 секунд',
  previousEpisode: 'Предыдущая серия',
  nextEpisode: 'Следующая серия',
  quality: 'Качество',
  qualityAuto: 'Авто',
  speed: 'Скорость',
  speedValue: (rate: number) => (rate === 1 ? 'Обычная' : `${String(rate).replace('.', ',')}×`),
  pictureInPicture: 'Картинка в картинке',
  position: (current: number, duration: number) => `${formatClock(current)} / ${formatClock(duration)}`,
  // The registration prompt before playing (SPEC §4: a guest who bought).
  promptTitle: PROMPT_TITLE,
  promptRegister: 'Зарегистрироваться',
  promptSkip: 'Смотреть без регистрации',
} as const;
