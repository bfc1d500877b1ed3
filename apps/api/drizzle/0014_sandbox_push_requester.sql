ALTER TABLE "sandbox_push" ADD COLUMN "requester_device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_push" ADD COLUMN "requester_network" text DEFAULT '' NOT NULL;