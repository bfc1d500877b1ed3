import {
  IconBack,
  IconButton,
  Loader,
  type ScheduleDay,
  type ScheduleEntry,
  ScheduleList,
  ScheduleListSkeleton,
  Skeleton,
} from '@kadr/ui-kit';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { scheduleMessages as m } from './messages';
import styles from './programme-guide.module.css';
import { useLazyDays } from './use-lazy-days';

/** A day section's top counts as reached this far below the day tabs (SPEC §9: 100 px, newer variant). */
export const ACTIVE_DAY_THRESHOLD_PX = 100;

/** Programme lines of the loading guide: about a phone's screen of them. */
const SKELETON_ROWS = 24;
/** Day tabs of the loading guide. */
const SKELETON_TABS = 5;

/** Props of {@link ProgrammeGuide}. */
export interface ProgrammeGuideProps {
  /** The channel's name, once known. */
  channel?: string;
  /** The days (today first), their entries null while loading. */
  days: readonly ScheduleDay[];
  /** The phone layout: the day tabs stick under the shorter mobile header. */
  mobile?: boolean;
  /** Plays a playable line (archived or on air): Enter or a press on it. */
  onPlay?: (entry: ScheduleEntry) => void;
  /** Focus goes to the programme on air once the days show (a TV: the remote starts there). */
  autoFocus?: boolean;
  onBack: () => void;
}

const sectionId = (key: string) => `guide-day-${key}`;

/** Where the keyboard's or remote's focus is: a line of a day. */
interface FocusedLine {
  day: string;
  id: string;
}

/** Arrow keys by direction, as keyboards and older TV remotes (`Up`, `Down`, …) name them. */
const MOVES: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up',
  Up: 'up',
  ArrowDown: 'down',
  Down: 'down',
  ArrowLeft: 'left',
  Left: 'left',
  ArrowRight: 'right',
  Right: 'right',
};

/** A line of the guide (its focusable element, `data-entry-id`) and the day section it is in. */
const LINE = '[data-entry-id]';
/** The line of the programme on air (`aria-current="time"` on its list item). */
const ON_AIR_LINE = `[aria-current="time"] ${LINE}`;

/** The day sections an arrow key can lead to from `line`: its own and the ones either side. */
function sectionsAround(container: HTMLElement, line: HTMLElement): HTMLElement[] {
  const sections = [...container.querySelectorAll<HTMLElement>('section')];
  const index = sections.indexOf(line.closest('section') as HTMLElement);
  return sections.slice(Math.max(0, index - 1), index + 2);
}

/**
 * The line an arrow key leads to from `line`: up and down the programmes (on into the next or the
 * previous day), left and right to the previous or next day — on its programme on air, else its first.
 */
function lineAfter(container: HTMLElement, line: HTMLElement, move: 'up' | 'down' | 'left' | 'right') {
  if (move === 'up' || move === 'down') {
    const lines = [...container.querySelectorAll<HTMLElement>(LINE)];
    return lines[lines.indexOf(line) + (move === 'down' ? 1 : -1)];
  }
  const sections = [...container.querySelectorAll<HTMLElement>('section')];
  const section = line.closest('section');
  const next = sections[sections.indexOf(section as HTMLElement) + (move === 'right' ? 1 : -1)];
  return next?.querySelector<HTMLElement>(ON_AIR_LINE) ?? next?.querySelector<HTMLElement>(LINE) ?? undefined;
}

/**
 * The programme guide (SPEC §2): day tabs over one list of days. Today's list starts at the programme
 * on air («Сейчас»); days without programmes are left out (the newer variant). Scrolling moves the
 * active tab to the day under the tabs; a tab scrolls to its day. On a channel with an archive the
 * archive's days come before today and today's ended programmes before the one on air, marked «В
 * записи»; the guide opens scrolled to the programme on air. The keyboard and a TV remote move a roving
 * focus over the playable lines (↑↓ programmes, ←→ days); Enter, or a press, plays one. Lines that cannot
 * play are text (ui-kit ScheduleList): past the last playable line the arrows scroll the page.
 *
 * The days show together, once every day has answered, in place of a skeleton taller than the screen:
 * shown as they arrived, each day pushed the days, tabs and footer under it down, and a later day
 * arriving first was pushed down by the earlier ones (a layout shift of 0.65 on a phone). The heading
 * names the channel from then on too, so it changes in the same frame. Only the day the guide opens on
 * gets its lines at once; the others keep their place (their heading, and the height of their lines)
 * and get them one day per idle moment, or at once when a tab or an arrow key goes there.
 */
export function ProgrammeGuide({
  channel,
  days,
  mobile = false,
  onPlay,
  autoFocus = false,
  onBack,
}: ProgrammeGuideProps) {
  const loading = days.some((day) => day.entries === null);
  const shown = loading ? [] : days.filter((day) => day.entries !== null && day.entries.length > 0);
  const failed = !loading && shown.length === 0 && days.some((day) => day.failed);
  const [active, setActive] = useState<string | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const listsRef = useRef<HTMLDivElement>(null);
  // Today (the day of the programme on air) is where the guide opens, also below the archive's days.
  const onAirDay = shown.find((day) => day.entries?.some((entry) => entry.onAir));
  const activeKey = active && shown.some((day) => day.key === active) ? active : (onAirDay ?? shown[0])?.key;
  // The roving focus: one line in the tab order, the programme on air until the arrows move it.
  const [focused, setFocused] = useState<FocusedLine | null>(null);
  const focusLine =
    focused && shown.some((day) => day.key === focused.day && day.entries?.some((e) => e.id === focused.id))
      ? focused
      : defaultLine(onAirDay ?? shown[0]);
  const lazy = useLazyDays(
    shown.map((day) => day.key),
    (onAirDay ?? shown[0])?.key,
  );

  const shownKeys = shown.map((day) => day.key).join(' ');
  const updateActive = useCallback(() => {
    const line = (navRef.current?.getBoundingClientRect().bottom ?? 0) + ACTIVE_DAY_THRESHOLD_PX;
    let current: string | undefined;
    for (const key of shownKeys.split(' ')) {
      const section = document.getElementById(sectionId(key));
      if (section && section.getBoundingClientRect().top <= line) current = key;
    }
    if (current) setActive(current);
  }, [shownKeys]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        updateActive();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [updateActive]);

  const goTo = (key: string) => {
    lazy.renderNow(key);
    setActive(key);
    document.getElementById(sectionId(key))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // Once the days show: today's list starts at the programme on air (SPEC §2), so when lines come
  // before it (the archive's), it is scrolled to the top; a TV's remote starts on it.
  const opened = useRef(false);
  const hasDays = shown.length > 0;
  useEffect(() => {
    const lists = listsRef.current;
    if (opened.current || !hasDays || !lists) return;
    opened.current = true;
    const line = lists.querySelector<HTMLElement>(ON_AIR_LINE);
    if (!line) return;
    if (autoFocus) line.focus({ preventScroll: true });
    // Not when it is the first line of the first day; that day may not have its lines yet (lazily).
    if (line !== lists.querySelector('section')?.querySelector(LINE))
      line.scrollIntoView?.({ block: 'start' });
  }, [hasDays, autoFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const lists = listsRef.current;
    if (!move || !lists || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const line = (event.target as HTMLElement).closest<HTMLElement>(LINE);
    if (!line) return;
    // The days either side get their lines first if they have none yet.
    for (const section of sectionsAround(lists, line))
      if (section.dataset.day) lazy.renderNow(section.dataset.day);
    const next = lineAfter(lists, line, move);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  // The focused line becomes the one in the tab order, and its day the active tab.
  const onFocus = (event: { target: EventTarget }) => {
    const line = (event.target as HTMLElement).closest<HTMLElement>(LINE);
    const day = line?.closest<HTMLElement>('section')?.dataset.day;
    const id = line?.dataset.entryId;
    if (!day || id === undefined) return;
    setFocused({ day, id });
    setActive(day);
  };

  return (
    <div className={mobile ? `${styles.page} ${styles.mobile}` : styles.page}>
      <div className={styles.bar}>
        <IconButton label={m.back} onClick={onBack}>
          <IconBack />
        </IconButton>
        <h1 className={styles.title}>{channel && !loading ? m.guideOf(channel) : m.guide}</h1>
      </div>
      {shown.length > 0 && (
        <nav ref={navRef} className={styles.days} aria-label={m.days}>
          {shown.map((day) => (
            <button
              key={day.key}
              type="button"
              className={styles.day}
              aria-current={day.key === activeKey ? 'true' : undefined}
              onClick={() => goTo(day.key)}
            >
              {day.label}
            </button>
          ))}
        </nav>
      )}
      {hasDays && (
        <>
          {/* Arrow keys (a keyboard's or a TV remote's) move the focus: up and down the programmes, left and
              right through the days; Enter plays a line of the archive or the one on air. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys move the focus between the lines, which are the focusable elements; the wrapper only listens. */}
          <div
            ref={listsRef}
            className={styles.lists}
            onKeyDown={onKeyDown}
            onFocus={onFocus}
            // The TV layout's remote leaves these arrows to the guide (decision 040).
            data-own-arrows=""
          >
            {shown.map((day) => (
              <GuideDay
                key={day.key}
                day={day}
                rendered={lazy.isRendered(day.key)}
                onPlay={onPlay}
                tabbableId={focusLine?.day === day.key ? focusLine.id : null}
              />
            ))}
          </div>
        </>
      )}
      {loading && <GuideSkeleton />}
      {!loading && shown.length === 0 && <p className={styles.state}>{failed ? m.failed : m.nothing}</p>}
    </div>
  );
}

/** Props of {@link GuideDay}. */
interface GuideDayProps {
  day: ScheduleDay;
  /** False: the lines are not rendered yet, their height is kept. */
  rendered: boolean;
  onPlay?: (entry: ScheduleEntry) => void;
  tabbableId: string | null;
}

/**
 * A day of the guide: its heading and its lines, or, until it is rendered, a blank of their height (so
 * that nothing moves when they come). Off the screen it is not laid out at all (`content-visibility`, in
 * the CSS). Memoised: a day rendering later re-renders no other day.
 */
const GuideDay = memo(function GuideDay({ day, rendered, onPlay, tabbableId }: GuideDayProps) {
  const entries = day.entries ?? [];
  return (
    <section
      id={sectionId(day.key)}
      data-day={day.key}
      className={styles.section}
      style={{ '--guide-lines': entries.length } as CSSProperties}
      aria-labelledby={`${sectionId(day.key)}-title`}
    >
      <h2 id={`${sectionId(day.key)}-title`} className={styles.sectionTitle}>
        {day.label}
      </h2>
      {rendered ? (
        <ScheduleList entries={entries} onPlay={onPlay} tabbableId={tabbableId} />
      ) : (
        <div className={styles.pending} data-pending-day={day.key} />
      )}
    </section>
  );
});

/** The line the roving focus starts on in a day: its programme on air, else its first. */
function defaultLine(day: ScheduleDay | undefined): FocusedLine | null {
  const entry = day?.entries?.find((candidate) => candidate.onAir) ?? day?.entries?.[0];
  return day && entry ? { day: day.key, id: entry.id } : null;
}

/** The loading guide in the loaded one's layout: day tabs, a day's heading and its programme lines. */
function GuideSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <div className={styles.days}>
        {Array.from({ length: SKELETON_TABS }, (_, index) => (
          <Skeleton key={index} shape="round" className={styles.daySkeleton} />
        ))}
      </div>
      <div className={styles.sectionTitle}>
        <Loader label={m.loading} />
      </div>
      <ScheduleListSkeleton rows={SKELETON_ROWS} />
    </div>
  );
}
