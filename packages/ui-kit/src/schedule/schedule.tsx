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
}

/** Programme lines: the time («08:05» or «Сейчас») and the title; the one on air highlighted. */
export function ScheduleList({ entries, id }: ScheduleListProps) {
  return (
    <ul id={id} className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id} className={entry.onAir ? `${styles.entry} ${styles.onAir}` : styles.entry}>
          <span className={styles.time}>{entry.time}</span>
          <span className={styles.title}>{entry.title}</span>
        </li>
      ))}
    </ul>
  );
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
        <li key={index} className={styles.entry}>
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
  /** Texts; the kit's Russian defaults otherwise. */
  messages?: Partial<typeof uiMessages.schedule>;
}

/**
 * A day card of the week schedule: the day's label and its programmes, the first `collapsedCount`
 * while collapsed, all when expanded (SPEC §2 Channel page).
 */
export function ScheduleDayCard({ day, collapsedCount = 3, messages }: ScheduleDayCardProps) {
  const m = { ...uiMessages.schedule, ...messages };
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const entries = day.entries ?? [];
  const shown = expanded ? entries : entries.slice(0, collapsedCount);
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
        <ScheduleList id={listId} entries={shown} />
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
  messages?: Partial<typeof uiMessages.schedule>;
}

/** The week schedule: a card per day, side by side, wrapping (SPEC §2: a week of schedule). */
export function WeekSchedule({ days, collapsedCount, messages }: WeekScheduleProps) {
  return (
    <div className={styles.week}>
      {days.map((day) => (
        <ScheduleDayCard key={day.key} day={day} collapsedCount={collapsedCount} messages={messages} />
      ))}
    </div>
  );
}
