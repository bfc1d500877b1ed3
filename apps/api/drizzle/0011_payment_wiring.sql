ALTER TABLE "payments" ADD COLUMN "customer" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "receipts_pending_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "subscriptions_lapse_idx" ON "subscriptions" USING btree ("period_end") WHERE "subscriptions"."ended_at" is null and not "subscriptions"."auto_renew";