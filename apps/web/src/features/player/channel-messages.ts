/**
 * Texts of the channel page's player slot (SPEC §2 Channel page); kept apart from the content card's
 * player texts so the card's bundle does not carry them.
 */
export const channelPlayerMessages = {
  /** The Watch button over the first-play image. */
  watch: 'Смотреть',
  /** The player's description: the channel and what plays. */
  title: (channel: string, programme?: string) => (programme ? `${channel}: ${programme}` : channel),
} as const;
