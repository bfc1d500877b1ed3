import type { getTvSchedule, tvScheduleItem } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { archiveDaysOf } from './archive-days';
import * as q from './guide-queries';

type ScheduleRequest = z.output<typeof getTvSchedule.body>;
type ScheduleItem = z.input<typeof tvScheduleItem>;

/** A schedule day is 24 hours from the day start the client sends (its local midnight). */
export const SCHEDULE_DAY_MS = 24 * 60 * 60 * 1000;

// Day starts the contract accepts but no feed covers (years 0000–1969, 9000–9999): answered empty
// without a query, since PostgreSQL has no year 0 and would fail the request.
const EARLIEST_DAY = Date.UTC(1970, 0, 1);
const LATEST_DAY = Date.UTC(9000, 0, 1);

const isoTime = (value: Date | string) => new Date(value).toISOString();

/** Schedule rules: which channel a request names, and which programmes make up its day. */
export class TvScheduleService {
  constructor(
    private readonly db: Db,
    /** ARCHIVE_DAYS: an upper bound on every channel's archive days (docs/decisions/029). */
    private readonly options: { archiveDaysCap?: number } = {},
  ) {}

  /**
   * The channel a request names: `EK_id` must be a channel-type content item that still has its
   * channel (an unknown item answers code 900, as getContent does); `stream_id` must be a channel.
   * `region_info` is not needed: the day start already carries the viewer's offset.
   */
  async channelOf(request: ScheduleRequest): Promise<{ id: number; archiveDays: number }> {
    let channelId = 'stream_id' in request ? request.stream_id : undefined;
    if ('EK_id' in request) {
      const content = await q.contentChannel(this.db, request.EK_id);
      if (!content) throw new AppError('no_content');
      if (content.type !== 'channel') throw new AppError('not_a_channel');
      if (content.channel_id === null) throw new AppError('channel_not_found');
      channelId = content.channel_id;
    }
    const archiveDays = channelId === undefined ? undefined : await q.channelArchiveDays(this.db, channelId);
    if (channelId === undefined || archiveDays === undefined) throw new AppError('channel_not_found');
    return { id: channelId, archiveDays: archiveDaysOf(archiveDays, this.options.archiveDaysCap) };
  }

  /**
   * The programmes on air at some moment of [day start, day start + 24 h), by start: a programme
   * crossing midnight is on both days. A day without programmes answers no items. `archive_days`: how
   * long the channel keeps a programme playable after it ends (getReleaseChannel's `archive_start`).
   */
  async day(request: ScheduleRequest): Promise<{ items: ScheduleItem[]; archive_days: number }> {
    const { id: channelId, archiveDays: archive_days } = await this.channelOf(request);
    const from = Date.parse(request.tv_schedule_day_start_utc0);
    if (!(from >= EARLIEST_DAY && from < LATEST_DAY)) return { items: [], archive_days };
    const rows = await q.programmesOverlapping(
      this.db,
      channelId,
      new Date(from),
      new Date(from + SCHEDULE_DAY_MS),
    );
    return {
      archive_days,
      items: rows.map((row) => ({
        tv_air_date_start: isoTime(row.starts_at),
        tv_air_date_end: isoTime(row.ends_at),
        EK_title: row.title,
        EK_description: row.description,
        tv_channel_title: row.channel_name,
        poster_url: row.poster_url,
        announce_url: row.announce_url,
      })),
    };
  }
}
