import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPush, signInAttempts } from '../../db/schema';

/** Pushes for a phone whose sign-in still waits for a decision. */
export async function pendingPushes(db: Db, phone: string, now: Date) {
  return db
    .select({
      asyncAuthUuid: sandboxPush.attemptId,
      phone: sandboxPush.phone,
      code: sandboxPush.confirmCode,
      requesterDevice: sandboxPush.requesterDevice,
      requesterNetwork: sandboxPush.requesterNetwork,
      createdAt: sandboxPush.createdAt,
      expiresAt: signInAttempts.expiresAt,
    })
    .from(sandboxPush)
    .innerJoin(signInAttempts, eq(signInAttempts.id, sandboxPush.attemptId))
    .where(
      and(
        eq(sandboxPush.phone, phone),
        eq(signInAttempts.status, 'pending'),
        gt(signInAttempts.expiresAt, now),
      ),
    )
    .orderBy(desc(sandboxPush.createdAt));
}
