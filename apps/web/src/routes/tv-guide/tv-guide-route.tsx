import { viewerTimeZone } from '@kadr/schedule-utils';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useIsMobile } from '../../app/device';
import { useBack } from '../../app/navigation/query-link';
import { ProgrammeGuide } from '../../features/schedule/programme-guide';
import { scheduleView } from '../../features/schedule/schedule-entries';
import { useTvSchedule } from '../../features/schedule/use-tv-schedule';

/** `/tv/{tv_channel_id}/tv_guide`: the programme guide of a channel (SPEC §2). */
export function TvGuideRoute() {
  const { tv_channel_id = '' } = useParams();
  const back = useBack();
  const mobile = useIsMobile();
  const timeZone = useMemo(viewerTimeZone, []);
  const { days, now } = useTvSchedule({ streamId: Number(tv_channel_id) }, timeZone);
  const channel = days.flatMap((day) => day.items ?? [])[0]?.tv_channel_title;
  return (
    <ProgrammeGuide
      channel={channel}
      days={scheduleView(days, now, timeZone)}
      mobile={mobile}
      onBack={back}
    />
  );
}
