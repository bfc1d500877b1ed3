/** The time source of services; tests inject a clock they move by hand instead of faking timers. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
