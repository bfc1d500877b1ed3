import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { SandboxWebhooks } from './webhooks';

/** What the emulator's parts share: its database, clock, shop and notifier. */
export interface SandboxContext {
  readonly db: Db;
  readonly clock: Clock;
  readonly shopId: string;
  readonly webhooks: SandboxWebhooks;
}
