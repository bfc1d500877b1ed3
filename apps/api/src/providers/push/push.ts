import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxPush } from '../../db/schema';

/** Who asked for a sign-in, as the phone confirming it is shown (docs/decisions/021). */
export interface RequesterContext {
  /** The requesting device, in Russian: from the X-Device-Platform header (SPEC §7). */
  device: string;
  /** The requesting network: the address limits count (IPv4 address, IPv6 /64). */
  network: string;
  at: Date;
}

/**
 * What a sign-in push carries: the async uuid, the same code as the SMS, and who asked (device,
 * network, time), so the phone's owner can refuse a sign-in that is not theirs.
 */
export interface PushMessage {
  asyncAuthUuid: string;
  code: string;
  requester: RequesterContext;
}

/** Push sign-in ("confirm on your phone"). */
export interface PushSender {
  /**
   * Whether a push can reach this phone. It must not depend on whether the phone has a Kadr profile,
   * or sendAuth's answer would tell known numbers from unknown ones.
   */
  available(phone: string): Promise<boolean>;
  send(phone: string, message: PushMessage): Promise<void>;
}

/** Sandbox: every phone can receive pushes; they are listed on GET /sandbox/push. */
export class SandboxPush implements PushSender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async available(): Promise<boolean> {
    return true;
  }

  async send(phone: string, message: PushMessage): Promise<void> {
    await this.db.insert(sandboxPush).values({
      attemptId: message.asyncAuthUuid,
      phone,
      confirmCode: message.code,
      requesterDevice: message.requester.device,
      requesterNetwork: message.requester.network,
      createdAt: this.clock.now(),
    });
  }
}

/** Push sign-in switched off: sendAuth answers without async_auth_uuid. */
export const noPush: PushSender = {
  available: async () => false,
  send: async () => {},
};
