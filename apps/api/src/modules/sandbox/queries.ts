import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPush, sandboxSms, signInAttempts } from '../../db/schema';

/** The newest messages of the sandbox SMS outbox for a phone. */
export async function outbox(db: Db, phone: string, limit = 50) {
  return db
    .select({ phone: sandboxSms.phone, text: sandboxSms.text, createdAt: sandboxSms.createdAt })
    .from(sandboxSms)
    .where(eq(sandboxSms.phone, phone))
    .orderBy(desc(sandboxSms.createdAt), desc(sandboxSms.id))
    .limit(limit);
}

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
