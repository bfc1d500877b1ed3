/**
 * Texts of the channel page's player slot (SPEC §2 Channel page); kept apart from the content card's
 * player texts so the card's bundle does not carry them.
 */
export const channelPlayerMessages = {
  /** The Watch button over the first-play image. */
  watch: 'Смотреть',
  /** The player's description: the channel and what plays. */
  title: (channel: string, programme?: string) => (programme ? `${channel}: ${programme}` : channel),
  /** The DVR window's scrubber (buyers). */
  scrubber: 'Перемотка эфира',
  /** The playhead's wall-clock time on the scrubber. */
  scrubberValue: (time: string) => `Эфир ${time}`,
  /** Shown at the live edge instead of «В эфир». */
  onAirNow: 'Прямой эфир',
  /** The programme on air at the playhead. */
  programme: (title: string) => `Сейчас в плеере: ${title}`,
  /** getReleaseChannel's preview_spent (403): the viewer's free previews of the hour are used. */
  previewSpent: 'Бесплатный просмотр канала закончился. Оформите подписку, чтобы смотреть дальше',
  /** The button under the preview_spent note. */
  subscribe: 'Оформить подписку',
} as const;
