ALTER TABLE "payments" ADD COLUMN "customer" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_claimed_until" timestamp with time zone;