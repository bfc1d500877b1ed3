ALTER TABLE "payments" ADD COLUMN "customer" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "receipts_pending_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."status" = 'pending';