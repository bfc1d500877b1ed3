import { viewerTimeZone } from '@kadr/schedule-utils';
import type { ScheduleEntry } from '@kadr/ui-kit';
import { useMemo } from 'react';
import { useDeviceKind } from '../../shared/device';
import { useBack } from '../../shared/navigation/query-link';
import { usePageName } from '../../shared/page-name';
import { ProgrammeGuide } from './programme-guide';
import { scheduleView } from './schedule-entries';
import type { Programme, ScheduleSource } from './schedule-queries';
import { useTvSchedule } from './use-tv-schedule';

/** Props of {@link ChannelGuide}. */
export interface ChannelGuideProps {
  source: ScheduleSource;
  /**
   * Plays a programme of the channel's archive, or the one on air (`onAir`): the channel's own guide
   * (by stream id), which also shows the archive's days and marks. Without it the guide only lists.
   */
  onPlay?: (programme: Programme, onAir: boolean) => void;
}

/** The programme guide of a channel-type content item or of a channel, loaded (SPEC §2 Programme guide). */
export function ChannelGuide({ source, onPlay }: ChannelGuideProps) {
  const back = useBack();
  const device = useDeviceKind();
  const timeZone = useMemo(viewerTimeZone, []);
  const { days, today, now, archiveDays } = useTvSchedule(source, timeZone, {
    screen: true,
    pastDays: onPlay !== undefined,
  });
  // The schedule names its channel: the guide's heading needs no other call.
  const channel = days.flatMap((day) => day.items ?? [])[0]?.tv_channel_title;
  usePageName(channel);
  const play = onPlay
    ? (entry: ScheduleEntry) => {
        // A line's id is its programme's start, the same on every day that lists it.
        const programme = days
          .flatMap((day) => day.items ?? [])
          .find((item) => item.tv_air_date_start === entry.id);
        if (programme) onPlay(programme, entry.onAir === true);
      }
    : undefined;
  const playable = onPlay !== undefined;
  // Once per answer or minute, not at every render: a week of lines is hundreds of times to format.
  const view = useMemo(
    () =>
      scheduleView(days, now, timeZone, {
        today,
        // The archive is the channel's own guide's: a content item's cannot play it.
        archiveDays: playable ? archiveDays : 0,
        playable,
      }),
    [days, now, timeZone, today, archiveDays, playable],
  );
  return (
    <ProgrammeGuide
      channel={channel}
      days={view}
      mobile={device === 'mobile'}
      autoFocus={device === 'tv'}
      onPlay={play}
      onBack={back}
    />
  );
}
