import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { whenInView } from './in-view.js';
import styles from './lazy-image.module.css';

/** Props of {@link LazyImage}. */
export interface LazyImageProps {
  /** The image address; null or empty shows `fallback`. */
  src: string | null | undefined;
  /** Alternative text; `''` for a decorative image (e.g. a card already named by its title). */
  alt: string;
  /** Intrinsic width in pixels: with `height` it fixes the box's aspect ratio before the image loads. */
  width: number;
  /** Intrinsic height in pixels. */
  height: number;
  /** Loads at once with high priority (the first screen's hero image); lazy otherwise. */
  priority?: boolean;
  /** `cover` crops to fill the box, `contain` fits inside it (logos). */
  fit?: 'cover' | 'contain';
  /** Shown when there is no `src` or it fails to load (default: a quiet film-frame mark). */
  fallback?: ReactNode;
  /** Class of the box; the box fills its container's width unless the class says otherwise. */
  className?: string;
}

/**
 * An image in a box of fixed aspect ratio (no layout shift while it loads), requested once the box is
 * on screen (SPEC §9 lazy loading with offset 0: an IntersectionObserver, which also sees what a
 * scrolling rail clips, in place of the old scroll listener and its 300 ms throttle), decoded
 * asynchronously and faded in once loaded. `priority` images load at once and show without the fade.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  priority = false,
  fit = 'cover',
  fallback,
  className,
}: LazyImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(false);
  const shown = priority || inView;
  useEffect(() => {
    const element = box.current;
    if (shown || !src || !element) return;
    return whenInView(element, () => setInView(true));
  }, [shown, src]);
  return (
    <span
      ref={box}
      className={[styles.box, className].filter(Boolean).join(' ')}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {!src ? (
        (fallback ?? <DefaultFallback />)
      ) : shown ? (
        // A new address starts over (loading, then loaded or failed).
        <Picture
          key={src}
          src={src}
          alt={alt}
          width={width}
          height={height}
          priority={priority}
          fit={fit}
          fallback={fallback}
        />
      ) : null}
    </span>
  );
}

type PictureProps = Required<Omit<LazyImageProps, 'className' | 'fallback' | 'src'>> & {
  src: string;
  fallback: ReactNode;
};

function Picture({ src, alt, width, height, priority, fit, fallback }: PictureProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // An image already in the cache may finish before React attaches onLoad.
  const ref = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0) setState('loaded');
  }, []);
  if (state === 'failed') return <>{fallback ?? <DefaultFallback />}</>;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      // The first screen's image is painted as soon as it arrives: no asynchronous decode and no fade,
      // which would hold back the page's largest paint (LCP) behind a busy main thread.
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={[styles.image, styles[fit], (priority || state === 'loaded') && styles.loaded]
        .filter(Boolean)
        .join(' ')}
      data-state={state}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}

function DefaultFallback() {
  return (
    <svg className={styles.fallback} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </svg>
  );
}
