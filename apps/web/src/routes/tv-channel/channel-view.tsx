import {
  Button,
  IconChevronLeft,
  IconChevronRight,
  LazyImage,
  type ScheduleDay,
  type ScheduleEntry,
  ScheduleList,
  ScheduleListSkeleton,
  Skeleton,
  WeekSchedule,
} from '@kadr/ui-kit';
import { type ReactNode, type Ref, useId } from 'react';
import { scheduleMessages } from '../../features/schedule/messages';
import { channelPath } from '../../shared/catalogue-types';
import { QueryLink } from '../../shared/navigation/query-link';
import { channelMessages as m } from './messages';
import styles from './tv-channel.module.css';

/** The programme on air as the page shows it. */
export type OnAirView =
  | { kind: 'loading' }
  /** The schedule failed (SPEC §8: its days are empty). */
  | { kind: 'failed' }
  /** Nothing is on by the schedule. */
  | { kind: 'none' }
  | {
      kind: 'programme';
      title: string;
      description: string;
      /** HH:MM (SPEC §9) and the instants they stand for. */
      start: string;
      end: string;
      startsAt: string;
      endsAt: string;
      /** The announcement image (SPEC §2: announce_url, else the programme's poster); null: none. */
      imageUrl: string | null;
    };

/** A neighbouring channel of the TV tab. */
export interface NeighbourView {
  id: number;
  name: string;
}

/** Props of {@link ChannelView}. */
export interface ChannelViewProps {
  channelId: number;
  /** The channel's name once known (its rail item's, else its schedule's). */
  name?: string;
  /** The channel's logo (its rail item's poster). */
  logoUrl?: string | null;
  onAir: OnAirView;
  /** The next three programmes; null while the schedule loads. */
  next: readonly ScheduleEntry[] | null;
  /** The week (after the archive's days), for the ui-kit's day cards. */
  week: readonly ScheduleDay[];
  /** Channel down and up: the TV tab's neighbours. */
  previous?: NeighbourView;
  following?: NeighbourView;
  /** The package could not be loaded: said, with a retry. */
  packageFailed?: boolean;
  onRetryPackage?: () => void;
  /** The player slot (features/player ChannelPlayerSlot). */
  player: ReactNode;
  /** The player slot's box, scrolled to when a programme starts from the week. */
  playerRef?: Ref<HTMLDivElement>;
  /** Plays a programme of the week: one of the archive, or the one on air. */
  onPlay: (entry: ScheduleEntry) => void;
  mobile?: boolean;
}

/**
 * The channel page (SPEC §2 Channel page): the player slot with its first-play image and Watch; the
 * channel's logo and name with channel down and up; the programme on air (title, start and end,
 * description, announcement image); a link to the guide; the next three programmes; the week in day cards (3 lines until
 * expanded), the archive's programmes marked and playable.
 */
export function ChannelView({
  channelId,
  name,
  logoUrl,
  onAir,
  next,
  week,
  previous,
  following,
  packageFailed = false,
  onRetryPackage,
  player,
  playerRef,
  onPlay,
  mobile = false,
}: ChannelViewProps) {
  const nextId = useId();
  const weekId = useId();
  return (
    <div className={mobile ? `${styles.page} ${styles.mobile}` : styles.page}>
      <div className={styles.top}>
        <div ref={playerRef} className={styles.player}>
          {player}
        </div>
        {/* One group for a TV remote (decision 040): right of the player, then down the column. */}
        <div className={styles.info} data-nav-group="">
          <div className={styles.channel}>
            {logoUrl ? (
              <LazyImage src={logoUrl} alt="" width={64} height={64} className={styles.logo} priority />
            ) : (
              <span className={styles.logo} />
            )}
            <h1 className={styles.name}>{name ?? m.channel}</h1>
            {(previous || following) && (
              <nav className={styles.switcher} aria-label={m.switcher}>
                {previous && (
                  <QueryLink
                    to={channelPath(previous.id)}
                    replace
                    className={styles.switch}
                    aria-label={m.previous(previous.name)}
                  >
                    <IconChevronLeft size={20} />
                  </QueryLink>
                )}
                {following && (
                  <QueryLink
                    to={channelPath(following.id)}
                    replace
                    className={styles.switch}
                    aria-label={m.nextChannel(following.name)}
                  >
                    <IconChevronRight size={20} />
                  </QueryLink>
                )}
              </nav>
            )}
          </div>
          <OnAir onAir={onAir} />
          {packageFailed && (
            <p className={styles.problem} role="alert">
              {m.packageFailed}{' '}
              <Button variant="link" onClick={onRetryPackage}>
                {m.retry}
              </Button>
            </p>
          )}
          <QueryLink to={`/tv/${channelId}/tv_guide`} className={styles.guide}>
            {scheduleMessages.guide}
          </QueryLink>
        </div>
      </div>
      <section className={styles.section} aria-labelledby={nextId}>
        <h2 id={nextId} className={styles.heading}>
          {m.next}
        </h2>
        {next === null ? (
          <ScheduleListSkeleton rows={3} />
        ) : next.length > 0 ? (
          <ScheduleList entries={next} />
        ) : (
          <p className={styles.muted}>
            {onAir.kind === 'failed' ? scheduleMessages.failed : scheduleMessages.nothing}
          </p>
        )}
      </section>
      <section className={styles.section} aria-labelledby={weekId}>
        <h2 id={weekId} className={styles.heading}>
          {scheduleMessages.week}
        </h2>
        {/* Another channel's week starts with its day cards collapsed. */}
        <WeekSchedule key={channelId} days={week} onPlay={onPlay} />
      </section>
    </div>
  );
}

/**
 * The programme on air: title, «14:00 – 16:00», its announcement image (loaded once on screen) and
 * description; a skeleton while the schedule loads, its image's box kept so the block does not grow.
 */
function OnAir({ onAir }: { onAir: OnAirView }) {
  if (onAir.kind === 'loading') {
    return (
      <div className={styles.onAir} aria-hidden="true">
        <Skeleton width="40%" />
        <Skeleton width="80%" height="28px" />
        <Skeleton width="30%" />
        <Skeleton shape="block" className={styles.announce} />
        <Skeleton />
        <Skeleton width="90%" />
      </div>
    );
  }
  if (onAir.kind !== 'programme') {
    return (
      <div className={styles.onAir}>
        <p className={styles.label}>{m.onAir}</p>
        <p className={styles.muted}>{onAir.kind === 'failed' ? scheduleMessages.failed : m.noProgramme}</p>
      </div>
    );
  }
  return (
    <div className={styles.onAir}>
      <p className={styles.label}>{m.onAir}</p>
      <h2 className={styles.title}>{onAir.title}</h2>
      <p className={styles.time}>
        <time dateTime={onAir.startsAt}>{onAir.start}</time> –{' '}
        <time dateTime={onAir.endsAt}>{onAir.end}</time>
      </p>
      {onAir.imageUrl && (
        <LazyImage
          src={onAir.imageUrl}
          alt={m.announce(onAir.title)}
          width={1280}
          height={720}
          className={styles.announce}
        />
      )}
      {onAir.description && <p className={styles.description}>{onAir.description}</p>}
    </div>
  );
}

/** The page of a channel that does not exist (an unknown id, or one the api does not know). */
export function ChannelNotFound() {
  return (
    <div className={styles.notFound}>
      <h1 className={styles.name}>{m.notFound}</h1>
      <p className={styles.muted}>{m.notFoundText}</p>
      <QueryLink to="/tv" className={styles.guide}>
        {m.allChannels}
      </QueryLink>
    </div>
  );
}
