import { useId, useState } from 'react';
import { Button } from '../button/button.js';
import { Loader } from '../loader/loader.js';
import { uiMessages } from '../messages.js';
import { Skeleton } from '../skeleton/skeleton.js';
import styles from './schedule.module.css';

/** A programme line, its texts ready to show. */
export interface ScheduleEntry {
  /** Stable key within the day. */
  id: string;
  /** Start time «08:05», or «Сейчас» for the programme on air. */
  time: string;
  title: string;
  /** The programme on air: highlighted. */
  onAir?: boolean;
  /** The programme is in the channel's archive: marked «В записи». */
  archived?: boolean;
  /** Pressing the line plays the programme (archived or on air); needs the list's `onPlay`. */
  playable?: boolean;
}

/** One day of a schedule. */
export interface ScheduleDay {
  /** Stable key (the date). */
  key: string;
  /** «Сегодня», «Завтра», «27 ноября». */
  label: string;
  /** The day's programmes; null while they load. */
  entries: readonly ScheduleEntry[] | null;
  /** Loading the day failed (SPEC §8: the day's schedule becomes empty). */
  failed?: boolean;
}

/** Props of {@link ScheduleList}. */
export interface ScheduleListProps {
  entries: readonly ScheduleEntry[];
  /** For `aria-controls` of a toggle. */
  id?: string;
  /** Plays a `playable` line: such lines become buttons. */
  onPlay?: (entry: ScheduleEntry) => void;
  /**
   * A roving focus over the playable lines (the caller moves it with the arrow keys): the line with this
   * id is the one in the tab order, the other playable ones are focusable by script only (null: none
   * in the tab order). Playable lines then carry `data-entry-id`. Undefined: every playable line is in
   * the tab order. Lines that only say what is on are text, never focusable.
   */
  tabbableId?: string | null;
  /** Texts; the kit's Russian defaults otherwise. */
  messages?: Partial<typeof uiMessages.schedule>;
}

/**
 * Programme lines: the time («08:05» or «Сейчас»), the title and, for a programme in the archive, the
 * mark «В записи»; the one on air highlighted. Playable lines are buttons when `onPlay` is given.
 */
export function ScheduleList({ entries, id, onPlay, tabbableId, messages }: ScheduleListProps) {
  const m = { ...uiMessages.schedule, ...messages };
  return (
    <ul id={id} className={styles.list}>
      {entries.map((entry) => (
        // aria-current="time": the programme on air is the current item of a schedule.
        <li key={entry.id} className={lineClass(entry)} aria-current={entry.onAir ? 'time' : undefined}>
          <ScheduleLine
            entry={entry}
            onPlay={onPlay}
            tabIndex={tabbableId === undefined ? undefined : entry.id === tabbableId ? 0 : -1}
            m={m}
          />
        </li>
      ))}
    </ul>
  );
}

function lineClass(entry: ScheduleEntry): string {
  return [styles.entry, entry.onAir && styles.onAir, entry.archived && styles.archived]
    .filter(Boolean)
    .join(' ');
}

function ScheduleLine({
  entry,
  onPlay,
  tabIndex,
  m,
}: {
  entry: ScheduleEntry;
  onPlay?: (entry: ScheduleEntry) => void;
  tabIndex?: number;
  m: typeof uiMessages.schedule;
}) {
  // Spaces between the parts: a screen reader (and a button's name) reads «08:00 Новости В записи»,
  // not one word; the grid lays the parts out and ignores them.
  const content = (
    <>
      <span className={styles.time}>{entry.time}</span> <span className={styles.title}>{entry.title}</span>
      {entry.archived && (
        <>
          {' '}
          <span className={styles.mark}>{m.archived}</span>
        </>
      )}
    </>
  );
  if (entry.playable && onPlay) {
    // The name says what pressing does and holds the visible text, in its order.
    const line = [entry.time, entry.title, entry.archived ? m.archived : ''].filter(Boolean).join(' ');
    return (
      <button
        type="button"
        className={`${styles.line} ${styles.playable}`}
        tabIndex={tabIndex}
        data-entry-id={entry.id}
        aria-label={m.play(line)}
        onClick={() => onPlay(entry)}
      >
        {content}
      </button>
    );
  }
  // Plain text: a screen reader reads it in the list; a focus stop on it would do nothing.
  return <span className={styles.line}>{content}</span>;
}

/** Title widths of the skeleton's lines, in turn: a list of programmes is ragged on the right. */
const SKELETON_WIDTHS = ['62%', '45%', '78%', '54%', '38%', '70%'];

/**
 * Programme lines that are loading: `rows` lines of the list's own layout (time, then title), for a
 * guide or a day whose programmes have not arrived. Hidden from assistive technology.
 */
export function ScheduleListSkeleton({ rows }: { rows: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are interchangeable and never reorder.
        <li key={index} className={`${styles.entry} ${styles.line}`}>
          <Skeleton width="40px" />
          <Skeleton width={SKELETON_WIDTHS[index % SKELETON_WIDTHS.length]} />
        </li>
      ))}
    </ul>
  );
}

/** Props of {@link ScheduleDayCard}. */
export interface ScheduleDayCardProps {
  day: ScheduleDay;
  /** Programmes shown while collapsed (SPEC §9: 3). */
  collapsedCount?: number;
  /** Plays a playable line (see {@link ScheduleList}). */
  onPlay?: (entry: ScheduleEntry) => void;
  /** Texts; the kit's Russian defaults otherwise. */
  messages?: Partial<typeof uiMessages.schedule>;
}

/**
 * The lines a collapsed card shows: `count` of them from the programme on air (a day that begins with
 * programmes of the archive still opens on what is on now), else from the first.
 */
function collapsedLines(entries: readonly ScheduleEntry[], count: number): readonly ScheduleEntry[] {
  const onAir = entries.findIndex((entry) => entry.onAir);
  const from = Math.max(0, Math.min(onAir, entries.length - count));
  return entries.slice(from, from + count);
}

/**
 * A day card of the week schedule: the day's label and its programmes, `collapsedCount` of them while
 * collapsed (from the one on air), all when expanded (SPEC §2 Channel page).
 */
export function ScheduleDayCard({ day, collapsedCount = 3, onPlay, messages }: ScheduleDayCardProps) {
  const m = { ...uiMessages.schedule, ...messages };
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const entries = day.entries ?? [];
  const shown = expanded ? entries : collapsedLines(entries, collapsedCount);
  const canToggle = entries.length > collapsedCount;
  return (
    <section className={styles.day} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.label}>
        {day.label}
      </h3>
      {day.entries === null ? (
        // The loaded card's layout (its collapsed lines and the toggle), so the week does not grow
        // when the programmes come.
        <>
          <div className={styles.loading}>
            <ScheduleListSkeleton rows={collapsedCount} />
            <span className={styles.loadingStatus}>
              <Loader label={m.loading} />
            </span>
          </div>
          <Skeleton shape="block" className={styles.toggleSkeleton} />
        </>
      ) : entries.length === 0 ? (
        <p className={styles.state}>{day.failed ? m.failed : m.empty}</p>
      ) : (
        <ScheduleList id={listId} entries={shown} onPlay={onPlay} messages={messages} />
      )}
      {canToggle && (
        <Button
          variant="secondary"
          size="s"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? m.collapse : m.expand(entries.length)}
        </Button>
      )}
    </section>
  );
}

/** Props of {@link WeekSchedule}. */
export interface WeekScheduleProps {
  days: readonly ScheduleDay[];
  collapsedCount?: number;
  /** Plays a playable line (see {@link ScheduleList}). */
  onPlay?: (entry: ScheduleEntry) => void;
  messages?: Partial<typeof uiMessages.schedule>;
}

/** The week schedule: a card per day, side by side, wrapping (SPEC §2: a week of schedule). */
export function WeekSchedule({ days, collapsedCount, onPlay, messages }: WeekScheduleProps) {
  return (
    <div className={styles.week}>
      {days.map((day) => (
        <ScheduleDayCard
          key={day.key}
          day={day}
          collapsedCount={collapsedCount}
          onPlay={onPlay}
          messages={messages}
        />
      ))}
    </div>
  );
}
