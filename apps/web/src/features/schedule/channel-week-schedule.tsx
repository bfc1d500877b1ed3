import { WeekSchedule } from '@kadr/ui-kit';
import { scheduleView } from './schedule-entries';
import { useTvSchedule } from './use-tv-schedule';

/** Props of {@link ChannelWeekSchedule}. */
export interface ChannelWeekScheduleProps {
  /** The channel-type content item (EK_id). */
  ekId: number;
  /** The viewer's time zone (days and times are shown in it). */
  timeZone: string;
}

/** A channel-type title's week schedule on the desktop content card (SPEC §2): a card per day. */
export function ChannelWeekSchedule({ ekId, timeZone }: ChannelWeekScheduleProps) {
  const { days, now } = useTvSchedule({ ekId }, timeZone);
  return <WeekSchedule days={scheduleView(days, now, timeZone)} />;
}
