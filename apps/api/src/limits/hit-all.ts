import type { LimitRule, RateLimiter } from './rate-limit';

/** The rule that refused a request, and the seconds until it would have room (its `retryAfter`). */
export interface Refusal {
  rule: LimitRule;
  retryAfter: number;
}

/**
 * Counts one event in each rule, in order, at `now`. At the first rule over its limit every event
 * counted so far is taken back — a refused request spends no budget (docs/decisions/021) — and that
 * rule is answered; undefined when every rule had room (the events stay counted).
 */
export async function hitAll(
  limiter: RateLimiter,
  rules: readonly LimitRule[],
  now: Date,
): Promise<Refusal | undefined> {
  const counted: LimitRule[] = [];
  for (const rule of rules) {
    const { count, retryAfter } = await limiter.hit(rule, now);
    counted.push(rule);
    if (count > rule.limit) {
      await Promise.all(counted.map((c) => limiter.undo(c, now)));
      return { rule, retryAfter };
    }
  }
  return undefined;
}

/** Takes back the events `hitAll` counted for `rules` at the same `now` (the request was not spent). */
export async function undoAll(limiter: RateLimiter, rules: readonly LimitRule[], now: Date): Promise<void> {
  await Promise.all(rules.map((rule) => limiter.undo(rule, now)));
}
