import { viewerTimeZone } from '@kadr/schedule-utils';
import { useMemo } from 'react';
import { useIsMobile } from '../../shared/device';
import { useBack } from '../../shared/navigation/query-link';
import { usePageName } from '../../shared/page-name';
import { ProgrammeGuide } from './programme-guide';
import { scheduleView } from './schedule-entries';
import type { ScheduleSource } from './schedule-queries';
import { useTvSchedule } from './use-tv-schedule';

/** The programme guide of a channel-type content item or of a channel, loaded (SPEC §2 Programme guide). */
export function ChannelGuide({ source }: { source: ScheduleSource }) {
  const back = useBack();
  const mobile = useIsMobile();
  const timeZone = useMemo(viewerTimeZone, []);
  const { days, now } = useTvSchedule(source, timeZone, { screen: true });
  // The schedule names its channel: the guide's heading needs no other call.
  const channel = days.flatMap((day) => day.items ?? [])[0]?.tv_channel_title;
  usePageName(channel);
  return (
    <ProgrammeGuide
      channel={channel}
      days={scheduleView(days, now, timeZone)}
      mobile={mobile}
      onBack={back}
    />
  );
}
