import { viewerTimeZone } from '@kadr/schedule-utils';
import { WeekSchedule } from '@kadr/ui-kit';
import { useMemo } from 'react';
import { scheduleView } from './schedule-entries';
import { useTvSchedule } from './use-tv-schedule';

/** Props of {@link ChannelWeekSchedule}. */
export interface ChannelWeekScheduleProps {
  /** The channel-type content item (EK_id). */
  ekId: number;
  /** The time zone days and times are shown in; the viewer's by default. */
  timeZone?: string;
}

/** A channel-type title's week schedule on the desktop content card (SPEC §2): a card per day. */
export function ChannelWeekSchedule({ ekId, timeZone: zone }: ChannelWeekScheduleProps) {
  const viewerZone = useMemo(viewerTimeZone, []);
  const timeZone = zone ?? viewerZone;
  const { days, now } = useTvSchedule({ ekId }, timeZone);
  return <WeekSchedule days={scheduleView(days, now, timeZone)} />;
}
