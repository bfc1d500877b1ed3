CREATE TABLE "playback_streams" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"content_id" integer,
	"episode_id" integer,
	"channel_id" integer,
	"platform" varchar(16),
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "platform" varchar(16);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "playback_streams" ADD CONSTRAINT "playback_streams_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playback_streams_profile_idx" ON "playback_streams" USING btree ("profile_id","started_at");