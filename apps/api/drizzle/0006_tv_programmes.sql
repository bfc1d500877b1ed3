CREATE TABLE "tv_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster_url" text,
	"announce_url" text,
	CONSTRAINT "tv_programmes_ends_after_start" CHECK ("tv_programmes"."ends_at" > "tv_programmes"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "tv_programmes" ADD CONSTRAINT "tv_programmes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tv_programmes_channel_starts_idx" ON "tv_programmes" USING btree ("channel_id","starts_at");--> statement-breakpoint
CREATE INDEX "tv_programmes_channel_ends_idx" ON "tv_programmes" USING btree ("channel_id","ends_at");