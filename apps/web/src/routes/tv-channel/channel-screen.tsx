import { currentProgramme, formatTime, nextProgrammes, viewerTimeZone } from '@kadr/schedule-utils';
import type { ScheduleEntry } from '@kadr/ui-kit';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyPaymentOverlay } from '../../features/payment/lazy-payment-overlay';
import type { BuySource } from '../../features/payment/payment-overlay';
import { channelPlayerMessages } from '../../features/player/channel-messages';
import { type ChannelPlayback, playbackOf } from '../../features/player/channel-playback';
import { ChannelPlayerSlot } from '../../features/player/channel-player-slot';
import { scheduleView } from '../../features/schedule/schedule-entries';
import type { Programme } from '../../features/schedule/schedule-queries';
import { useTvSchedule } from '../../features/schedule/use-tv-schedule';
import { channelPath } from '../../shared/catalogue-types';
import { refreshAfterBilling } from '../../shared/data/billing';
import { CollectionTab, useCollections } from '../../shared/data/collections';
import { useDeviceKind } from '../../shared/device';
import { useQueryNavigate } from '../../shared/navigation/query-link';
import { usePageName } from '../../shared/page-name';
import { useServices } from '../../shared/services';
import { channelsOfTab, neighboursOf } from './channel-order';
import { channelPackageQuery, isNotFound } from './channel-queries';
import { ChannelNotFound, ChannelView, type OnAirView } from './channel-view';
import { useChannelKeys } from './use-channel-keys';

/** The channel page shows this many programmes after the one on air (SPEC §9). */
const NEXT_PROGRAMMES = 3;

const LIVE: ChannelPlayback = { kind: 'live' };

/**
 * A request to play on channel `channelId`: `pay` opens the payment window when the package is not
 * bought. A request made for another channel than the one shown is dropped (see `paid`).
 */
interface PlayRequest {
  channelId: number;
  play: ChannelPlayback;
  pay: boolean;
}

/** Whether an address's id can name a channel at all. */
function isChannelId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * `/tv/{tv_channel_id}` (SPEC §2 Channel page): loads the channel's package, its schedule (today and the
 * next six) and the TV tab's channels (logo, name, channel up and down); plays
 * through the player slot. Watch plays the channel for a buyer and its preview for a non-buyer (SPEC
 * §4, §9), whose end opens the payment window (SPEC §6); after a payment the package is asked again and
 * what was asked for plays.
 *
 * The page is re-created for another channel (SPEC §2) in all but the player slot: channel up and down
 * keep the slot mounted and a live picture going on to the next channel when it is bought. Everything
 * per channel follows the id — its queries by key, the schedule's week by source, the day cards by a
 * `key`, what plays and the payment window by the state reset below.
 */
export function ChannelScreen({ channelId }: { channelId: number }) {
  if (!isChannelId(channelId)) return <ChannelNotFound />;
  return <ChannelPage channelId={channelId} />;
}

function ChannelPage({ channelId }: { channelId: number }) {
  const { api, queryClient } = useServices();
  const device = useDeviceKind();
  const mobile = device === 'mobile';
  const timeZone = useMemo(viewerTimeZone, []);
  const location = useLocation();
  const navigate = useNavigate();
  const queryNavigate = useQueryNavigate();

  const pkg = useQuery(channelPackageQuery(api, channelId));
  const goods = pkg.data;
  // Today plus 6 (SPEC §2); today's card keeps its ended programmes of the archive, the guide has the
  // archive's days before today.
  const schedule = useTvSchedule({ streamId: channelId }, timeZone, { screen: true });
  const { collections } = useCollections(CollectionTab.tv, { screen: false });
  const channels = useMemo(() => channelsOfTab(collections), [collections]);
  const item = channels.find((candidate) => candidate.tv_channel_id === channelId);
  const { previous, next: following } = neighboursOf(channels, channelId);

  const programmes = useMemo(() => uniqueProgrammes(schedule.days), [schedule.days]);
  // The programme on air and the next ones come from today's answer (a day failed is empty, SPEC §8).
  const today = schedule.days.find((day) => day.date === schedule.today);
  const loaded = today !== undefined && today.items !== null;
  const failed = today?.error != null;
  const onAir = currentProgramme(programmes, schedule.now);
  const name = item?.chan_name ?? programmes[0]?.tv_channel_title;
  usePageName(name);

  // What plays, what was asked for (waiting for the package), and the payment window.
  const [playback, setPlayback] = useState<ChannelPlayback | null>(null);
  const [request, setRequest] = useState<PlayRequest | null>(() => {
    const play = playbackOf(location.state);
    return play && { channelId, play, pay: true };
  });
  const [paying, setPaying] = useState<{ play: ChannelPlayback | null; source: BuySource } | null>(null);
  const [shownChannel, setShownChannel] = useState(channelId);
  if (shownChannel !== channelId) {
    // Another channel (channel up or down): a picture goes on live if its package is bought (below).
    setShownChannel(channelId);
    setPaying(null);
    setRequest(null);
    setPlayback((playing) => (playing ? LIVE : null));
  }

  // The neighbours' packages once something plays: a channel change then knows at once whether the
  // next channel is bought, and the player fetches the grants of the bought ones ahead (decision 031).
  const neighbourIds = [...new Set([previous?.tv_channel_id, following?.tv_channel_id])].filter(
    (id): id is number => id !== undefined && id !== channelId,
  );
  const neighbourPackages = useQueries({
    queries: neighbourIds.map((id) => ({
      ...channelPackageQuery(api, id),
      meta: {},
      enabled: playback !== null,
    })),
  });
  const boughtNeighbours = neighbourIds.filter(
    (_, index) => neighbourPackages[index]?.data?.is_bought === true,
  );

  // A playback asked for by the guide (navigation state) is taken once: a reload does not repeat it.
  useEffect(() => {
    if (playbackOf(location.state))
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true },
      );
  }, [location, navigate]);

  // A request is answered once the package is known: a buyer watches, a non-buyer gets the channel's
  // preview (SPEC §4, §9), whose final block opens the payment window (SPEC §6).
  useEffect(() => {
    if (!request || !goods) return;
    setRequest(null);
    if (request.channelId === channelId) setPlayback(request.play);
  }, [request, goods, channelId]);

  // A programme started from the week below: the player comes into view.
  const playerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (playback) playerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [playback]);

  const switchTo = (id: number) => queryNavigate(channelPath(id), { replace: true });
  useChannelKeys(
    (direction) => {
      const target = direction === 'up' ? following : previous;
      if (target) switchTo(target.tv_channel_id);
    },
    { enabled: paying === null, player: playerRef, tv: device === 'tv' },
  );

  const play = (entry: ScheduleEntry) => {
    const programme = programmes.find((candidate) => candidate.tv_air_date_start === entry.id);
    if (!programme) return;
    setRequest({
      channelId,
      play: entry.onAir ? LIVE : { kind: 'archive', start: programme.tv_air_date_start },
      pay: true,
    });
  };
  const paid = () => {
    const asked = paying?.play ?? null;
    setPaying(null);
    // The package is asked again (is_bought); then what was asked for plays, without a second window —
    // on the channel it was bought on only: a switch before the answer drops it (the effect above).
    const boughtOn = channelId;
    void refreshAfterBilling(queryClient).then(() => {
      if (asked) setRequest({ channelId: boughtOn, play: asked, pay: false });
    });
  };

  if (pkg.isError && isNotFound(pkg.error)) return <ChannelNotFound />;
  return (
    <>
      <ChannelView
        channelId={channelId}
        name={name}
        logoUrl={item?.chan_poster_url}
        onAir={onAirView(onAir, loaded, failed, timeZone)}
        next={
          loaded
            ? nextProgrammes(programmes, schedule.now, NEXT_PROGRAMMES).map((programme) => ({
                id: programme.tv_air_date_start,
                time: formatTime(programme.tv_air_date_start, timeZone),
                title: programme.EK_title,
              }))
            : null
        }
        week={scheduleView(schedule.days, schedule.now, timeZone, {
          today: schedule.today,
          archiveDays: schedule.archiveDays,
          playable: true,
        })}
        previous={previous && { id: previous.tv_channel_id, name: previous.chan_name }}
        following={following && { id: following.tv_channel_id, name: following.chan_name }}
        packageFailed={pkg.isError}
        onRetryPackage={() => void pkg.refetch()}
        playerRef={playerRef}
        onPlay={play}
        mobile={mobile}
        player={
          <ChannelPlayerSlot
            channelId={channelId}
            goods={goods}
            playback={playback}
            posterUrl={onAir?.announce_url ?? onAir?.poster_url ?? item?.chan_poster_url ?? null}
            title={channelPlayerMessages.title(name ?? '', onAir?.EK_title)}
            onWatch={() => setRequest({ channelId, play: LIVE, pay: true })}
            onBuy={(goal) => setPaying({ play: playback, source: { goal, tv_channel_id: channelId } })}
            onClose={() => setPlayback(null)}
            schedule={programmes}
            onLive={() => setPlayback(LIVE)}
            neighbours={boughtNeighbours}
          />
        }
      />
      {paying && goods && (
        <LazyPaymentOverlay
          packageId={goods.package_id}
          texts={goods.tariffs[0]?.texts ?? []}
          trial={goods.is_trial ? { cost: goods.cost } : undefined}
          source={paying.source}
          onClose={() => setPaying(null)}
          onConfirmed={paid}
        />
      )}
    </>
  );
}

/** The programmes of the loaded days, each once (a programme crossing midnight is in two days). */
function uniqueProgrammes(days: readonly { items: Programme[] | null }[]): Programme[] {
  const byStart = new Map<string, Programme>();
  for (const day of days) for (const item of day.items ?? []) byStart.set(item.tv_air_date_start, item);
  return [...byStart.values()];
}

function onAirView(
  programme: Programme | undefined,
  loaded: boolean,
  failed: boolean,
  timeZone: string,
): OnAirView {
  if (programme) {
    return {
      kind: 'programme',
      title: programme.EK_title,
      description: programme.EK_description,
      start: formatTime(programme.tv_air_date_start, timeZone),
      end: formatTime(programme.tv_air_date_end, timeZone),
      startsAt: programme.tv_air_date_start,
      endsAt: programme.tv_air_date_end,
      imageUrl: programme.announce_url ?? programme.poster_url,
    };
  }
  if (!loaded) return { kind: 'loading' };
  return failed ? { kind: 'failed' } : { kind: 'none' };
}
