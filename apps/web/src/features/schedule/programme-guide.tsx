import {
  IconBack,
  IconButton,
  Loader,
  type ScheduleDay,
  ScheduleList,
  ScheduleListSkeleton,
  Skeleton,
} from '@kadr/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { scheduleMessages as m } from './messages';
import styles from './programme-guide.module.css';

/** A day section's top counts as reached this far below the day tabs (SPEC §9: 100 px, newer variant). */
export const ACTIVE_DAY_THRESHOLD_PX = 100;

/** Programme lines of the loading guide: about a phone's screen of them. */
export const SKELETON_ROWS = 24;
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
  onBack: () => void;
}

const sectionId = (key: string) => `guide-day-${key}`;

/**
 * The programme guide (SPEC §2): day tabs over one list of days. Today's list starts at the programme
 * on air («Сейчас»); days without programmes are left out (the newer variant). Scrolling moves the
 * active tab to the day under the tabs; a tab scrolls to its day.
 *
 * The days show together, once every day has answered, in place of a skeleton taller than the screen:
 * shown as they arrived, each day pushed the days, tabs and footer under it down, and a later day
 * arriving first was pushed down by the earlier ones (a layout shift of 0.65 on a phone). The heading
 * names the channel from then on too, so it changes in the same frame.
 */
export function ProgrammeGuide({ channel, days, mobile = false, onBack }: ProgrammeGuideProps) {
  const loading = days.some((day) => day.entries === null);
  const shown = loading ? [] : days.filter((day) => day.entries !== null && day.entries.length > 0);
  const failed = !loading && shown.length === 0 && days.some((day) => day.failed);
  const [active, setActive] = useState<string | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const activeKey = active && shown.some((day) => day.key === active) ? active : shown[0]?.key;

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
    setActive(key);
    document.getElementById(sectionId(key))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
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
      {shown.map((day) => (
        <section
          key={day.key}
          id={sectionId(day.key)}
          className={styles.section}
          aria-labelledby={`${sectionId(day.key)}-title`}
        >
          <h2 id={`${sectionId(day.key)}-title`} className={styles.sectionTitle}>
            {day.label}
          </h2>
          <ScheduleList entries={day.entries ?? []} />
        </section>
      ))}
      {loading && <GuideSkeleton />}
      {!loading && shown.length === 0 && <p className={styles.state}>{failed ? m.failed : m.nothing}</p>}
    </div>
  );
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
