/** A piece of a module's background work: started once the server listens, stopped at close. */
export interface BackgroundWork {
  start?(): unknown;
  /** Resolves at the work's safe point (a renewal batch, a notification round, an ffmpeg job…). */
  stop?(): Promise<unknown> | unknown;
}

/**
 * The background work of every module, so that app.ts starts it after listen and stops it side by
 * side before the database and Redis close (docs/decisions/020-server-lifecycle.md). Work starts in the
 * order it was added: a module added later may rely on one added before it (payment jobs on the
 * sandbox YooKassa's notifications).
 */
export class Background {
  private readonly work: BackgroundWork[] = [];

  add(work: BackgroundWork): void {
    this.work.push(work);
  }

  /**
   * Runs `task` every `ms` after listen, one run at a time (a slow run is not overlapped); stop waits
   * for the run in progress. A failure is handed to `failed` and the next round runs as usual.
   */
  every(ms: number, task: () => Promise<unknown>, failed: (err: unknown) => void): void {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    this.add({
      start: () => {
        timer = setInterval(() => {
          running ??= task()
            .catch(failed)
            .finally(() => {
              running = undefined;
            });
        }, ms);
        timer.unref();
      },
      stop: () => {
        clearInterval(timer);
        return running;
      },
    });
  }

  /** Starts the work in the order it was added. */
  async start(): Promise<void> {
    for (const work of this.work) await work.start?.();
  }

  /** Stops all of it side by side; one failing to stop does not keep the others running. */
  stop(): Promise<PromiseSettledResult<unknown>[]> {
    return Promise.allSettled(this.work.map(async (work) => work.stop?.()));
  }
}
