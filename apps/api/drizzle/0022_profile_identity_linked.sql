ALTER TABLE "profiles" ADD COLUMN "identity_linked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Profiles linked before the column existed are signed in too (decision 041).
UPDATE "profiles" SET "identity_linked" = true WHERE "id" IN (SELECT "profile_id" FROM "identity_links");
