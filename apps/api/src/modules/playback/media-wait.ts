/** A release waits this long for media being packaged before answering 503 with retry_after. */
export const MEDIA_WAIT_MS = 3000;

/**
 * What `ready` answers within `ms`, else undefined; a failure counts as not ready. Releases wait so
 * for media demo packaging is about to finish (a title's video, a channel's loops) — the wait moves it
 * to the front of the queue — and answer 503 `media_not_ready` when it does not come in time.
 */
export async function waitForMedia<T>(ready: Promise<T>, ms = MEDIA_WAIT_MS): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([ready.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
