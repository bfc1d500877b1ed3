/**
 * The longest a programme may last: a day. A guide imports none longer (modules/live/xmltv/schedule.ts refuses
 * it by name), and an archive or start-over playlist covers at most this much of a programme already
 * in the table (playback/channel-queries.ts), so no playlist grows without bound (24 h: 21 600 segments).
 */
export const LONGEST_PROGRAMME_MS = 24 * 3600 * 1000;
