import type { Redis } from 'ioredis';
import { OutageLog, type OutageLogger } from '../../outage-log';
import { watchRedis } from '../../redis';
import type { SessionCache } from './session-cache';

/** The Redis channel on which instances announce ended sessions. */
export const SESSION_ENDED_CHANNEL = 'kadr:sessions:ended';
/**
 * The Redis channel on which instances announce profiles that got a phone: every anonymous session of
 * such a profile ended, including the ones never stored (docs/decisions/002).
 */
export const PROFILE_ADOPTED_CHANNEL = 'kadr:profiles:adopted';

/** Tells the other api instances that sessions ended, so their caches refuse them at once. */
export interface SessionChannel {
  /** Announces ended sessions; resolves once the announcement is handed to the broker. */
  publish(sessionIds: readonly string[]): Promise<void>;
  /** Announces profiles that stopped being anonymous; resolves once handed to the broker. */
  publishAdopted(profileIds: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/** Logs what the channel cannot do; a failure only means other instances fall back to the cache TTL. */
export interface ChannelLog extends OutageLogger {
  warn(details: object, message: string): void;
}

/**
 * Ended-session announcements over Redis pub/sub. Publishing goes through the app's Redis connection;
 * listening needs a connection of its own (a subscribed connection runs no other commands). Whenever
 * the subscription is (re)established, announcements may have been missed meanwhile, so the cache
 * drops its live entries and re-reads them from the database.
 */
export class RedisSessionChannel implements SessionChannel {
  private readonly subscriber: Redis;
  private readonly firstSubscription: Promise<void>;

  private constructor(
    private readonly publisher: Redis,
    cache: SessionCache,
    private readonly log: ChannelLog,
  ) {
    // Subscribed again by the 'ready' handler below, which also handles a failure: ioredis's own
    // resubscription leaves its promise unhandled, and a connection closing before the answer (a
    // Redis going down again, or quit at shutdown) rejected it — an unhandled rejection ends Node.
    this.subscriber = publisher.duplicate({ autoResubscribe: false });
    let subscribed = () => {};
    this.firstSubscription = new Promise((resolve) => {
      subscribed = resolve;
    });
    // Its own outage line, once each way (the app's connection logs its own).
    watchRedis(this.subscriber, new OutageLog('Redis (session channel)', log));
    // Every (re)connection subscribes again and forgets what may have gone stale while disconnected.
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(SESSION_ENDED_CHANNEL, PROFILE_ADOPTED_CHANNEL).then(
        () => {
          cache.dropLive();
          subscribed();
        },
        (err: unknown) => log.warn({ err }, 'session channel: subscribing failed'),
      );
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === SESSION_ENDED_CHANNEL) cache.end(message.split(','));
      if (channel === PROFILE_ADOPTED_CHANNEL) {
        cache.endAnonymousSessionsOf(message.split(',').map(Number).filter(Number.isInteger));
      }
    });
  }

  /**
   * Connects and subscribes. Waits up to `waitMs` for the subscription; with Redis down at start the
   * subscriber keeps reconnecting in the background, and until then this instance relies on the
   * cache TTL like one without Redis.
   */
  static async open(
    publisher: Redis,
    cache: SessionCache,
    log: ChannelLog,
    waitMs = 2000,
  ): Promise<RedisSessionChannel> {
    const channel = new RedisSessionChannel(publisher, cache, log);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      channel.firstSubscription,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    return channel;
  }

  /**
   * Whether announcing is worth trying: while the connection is down (its outage is logged once by
   * the app's connection) a publish would wait for reconnection tries and then fail; the other
   * instances drop their live entries when their subscriptions come back anyway.
   */
  private get connected(): boolean {
    return this.publisher.status === 'ready';
  }

  async publish(sessionIds: readonly string[]): Promise<void> {
    await this.announce(SESSION_ENDED_CHANNEL, sessionIds, 'ended sessions');
  }

  async publishAdopted(profileIds: readonly number[]): Promise<void> {
    await this.announce(PROFILE_ADOPTED_CHANNEL, profileIds, 'signed-in profiles');
  }

  /** Sends ids on a channel while connected; a failure is logged (naming `what`), not thrown. */
  private async announce(channel: string, ids: readonly (string | number)[], what: string): Promise<void> {
    if (ids.length === 0 || !this.connected) return;
    try {
      await this.publisher.publish(channel, ids.join(','));
    } catch (err) {
      this.log.warn({ err }, `session channel: announcing ${what} failed`);
    }
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
