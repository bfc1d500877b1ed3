import type { getTvSchedule, tvScheduleItem } from '@kadr/api-contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import * as q from './queries';

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
  constructor(private readonly db: Db) {}

  /**
   * The channel a request names: `EK_id` must be a channel-type content item that still has its
   * channel (an unknown item answers code 900, as getContent does); `stream_id` must be a channel.
   * `region_info` is not needed: the day start already carries the viewer's offset.
   */
  async channelOf(request: ScheduleRequest): Promise<number> {
    if ('EK_id' in request) {
      const content = await q.contentChannel(this.db, request.EK_id);
      if (!content) throw new AppError('no_content');
      if (content.type !== 'channel') throw new AppError('not_a_channel');
      if (content.channel_id === null) throw new AppError('channel_not_found');
      return content.channel_id;
    }
    if (!(await q.channelExists(this.db, request.stream_id))) throw new AppError('channel_not_found');
    return request.stream_id;
  }

  /**
   * The programmes on air at some moment of [day start, day start + 24 h), by start: a programme
   * crossing midnight is on both days. A day without programmes answers no items.
   */
  async day(request: ScheduleRequest): Promise<{ items: ScheduleItem[] }> {
    const channelId = await this.channelOf(request);
    const from = Date.parse(request.tv_schedule_day_start_utc0);
    if (!(from >= EARLIEST_DAY && from < LATEST_DAY)) return { items: [] };
    const rows = await q.programmesOverlapping(
      this.db,
      channelId,
      new Date(from),
      new Date(from + SCHEDULE_DAY_MS),
    );
    return {
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
