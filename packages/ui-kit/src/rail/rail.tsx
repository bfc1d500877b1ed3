import {
  Children,
  isValidElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { IconChevronLeft, IconChevronRight } from '../icons/icons.js';
import { uiMessages } from '../messages.js';
import styles from './rail.module.css';

/** Props of {@link Rail}. */
export interface RailProps {
  /** Visible heading; it names the rail (region). */
  title?: ReactNode;
  /** Accessible name when there is no visible heading. */
  label?: string;
  /** Heading level of `title` (default 2). */
  headingLevel?: 2 | 3;
  /** Left and right arrow buttons (desktop); touch and wheel scrolling work either way. Default true. */
  arrows?: boolean;
  /** Something at the end of the title line (e.g. a count). */
  aside?: ReactNode;
  /** Labels of the arrow buttons. */
  labels?: { previous?: string; next?: string };
  /** Class of the whole rail. */
  className?: string;
  /** The cards: each child becomes one list item. */
  children: ReactNode;
}

/**
 * A titled horizontal scroller of cards. Desktop gets arrow buttons that scroll by a page and hide at
 * either end; phones swipe (scroll snapping keeps cards aligned). Keyboard users tab through the
 * cards (the browser scrolls each into view) or use the arrows. Lay out the rail's inset with
 * `--kadr-rail-inset` (default the page padding) so the first card lines up with the page text and
 * the rest bleed to the edge.
 */
export function Rail({
  title,
  label,
  headingLevel = 2,
  arrows = true,
  aside,
  labels,
  className,
  children,
}: RailProps) {
  const headingId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const items = Children.toArray(children).filter(isValidElement);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollWidth - track.clientWidth;
    // One pixel of slack: fractional widths can leave scrollLeft a hair short of the end.
    const start = track.scrollLeft <= 1;
    const end = track.scrollLeft >= max - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  // Measuring is left to a ResizeObserver where there is one: its reports come right after the
  // browser's own layout, so reading the sizes forces no extra layout (a page of a dozen rails that
  // measured in the effect laid the page out once more in a long task).
  const observerRef = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !arrows) return;
    track.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observerRef.current = observer;
    return () => {
      track.removeEventListener('scroll', measure);
      observer?.disconnect();
      observerRef.current = null;
    };
  }, [arrows, measure]);

  // The number of cards changes the scroll width (e.g. results arriving): observing the track anew
  // brings a fresh report after the next layout (it also brings the first one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the card count changes.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !arrows) return;
    const observer = observerRef.current;
    if (!observer) {
      measure();
      return;
    }
    observer.unobserve(track);
    observer.observe(track);
  }, [arrows, measure, items.length]);

  const page = (direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    // A page is the visible width less a little, so the card cut at the edge shows again in full.
    const distance = Math.max(track.clientWidth * 0.85, track.clientWidth - 96);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * distance, behavior: reduce ? 'auto' : 'smooth' });
  };

  // The paging buttons: `previous` hides at the start of the track, `next` at its end.
  const arrow = (side: 'previous' | 'next', icon: ReactNode) =>
    arrows && (
      <button
        type="button"
        className={`${styles.arrow} ${styles[side]}`}
        aria-label={labels?.[side] ?? uiMessages.rail[side]}
        hidden={side === 'previous' ? edges.start : edges.end}
        onClick={() => page(side === 'previous' ? -1 : 1)}
      >
        {icon}
      </button>
    );

  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section
      className={[styles.rail, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
    >
      {(title || aside) && (
        <div className={styles.head}>
          {title && (
            <Heading id={headingId} className={styles.title}>
              {title}
            </Heading>
          )}
          {aside && <div className={styles.aside}>{aside}</div>}
        </div>
      )}
      <div className={styles.viewport}>
        {arrow('previous', <IconChevronLeft size={28} />)}
        <ul ref={trackRef} className={styles.track}>
          {items.map((child) => (
            <li key={child.key} className={styles.item}>
              {child}
            </li>
          ))}
        </ul>
        {arrow('next', <IconChevronRight size={28} />)}
      </div>
    </section>
  );
}
