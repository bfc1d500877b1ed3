CREATE TABLE "card_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"card_number" varchar(32) NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_deletions" ADD CONSTRAINT "card_deletions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_deletions_profile_id_idx" ON "card_deletions" USING btree ("profile_id");