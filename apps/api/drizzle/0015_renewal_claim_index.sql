DROP INDEX "subscriptions_due_idx";--> statement-breakpoint
DROP INDEX "subscriptions_retry_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree (coalesce("next_retry_at", "period_end"),"id") WHERE "subscriptions"."ended_at" is null and "subscriptions"."auto_renew" and "subscriptions"."store_name" = 'web';