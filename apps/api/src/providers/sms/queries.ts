import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxSms } from '../../db/schema';

/** The newest messages of the sandbox SMS outbox for a phone. */
export async function outbox(db: Db, phone: string, limit = 50) {
  return db
    .select({ phone: sandboxSms.phone, text: sandboxSms.text, createdAt: sandboxSms.createdAt })
    .from(sandboxSms)
    .where(eq(sandboxSms.phone, phone))
    .orderBy(desc(sandboxSms.createdAt), desc(sandboxSms.id))
    .limit(limit);
}
