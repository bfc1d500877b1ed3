// Lazy loading at offset 0 (SPEC §9): an image is requested once its box is on screen, clipped by
// the scrolling rails it sits in. Native `loading="lazy"` starts 1 250–2 500 px early, rails
// included: on a phone the home page then fetched and rendered 18 SVG images at start, 12 now (what
// the screen shows, and the lead rail's two eager banners). Each generated image costs its own
// document, style, layout and text shaping on the main thread: in a trace at 4× CPU slowdown the
// start-up's long tasks blocked for 1.3 s before, 0.8 s after.

type Visible = () => void;

/** One observer for every waiting image (observers are cheap, but one is cheaper still). */
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, Visible>();

function observerOf(): IntersectionObserver {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const visible = waiting.get(entry.target);
      stopWatching(entry.target);
      visible?.();
    }
  });
  return observer;
}

function stopWatching(element: Element): void {
  waiting.delete(element);
  observer?.unobserve(element);
}

/**
 * Calls `visible` once, when `element` first shows on screen (or at once where the browser has no
 * IntersectionObserver: the native `loading="lazy"` of the image then does the waiting). Returns a
 * function that stops watching.
 */
export function whenInView(element: Element, visible: Visible): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    visible();
    return () => {};
  }
  waiting.set(element, visible);
  observerOf().observe(element);
  return () => stopWatching(element);
}
