CREATE TYPE "public"."viewing_kind" AS ENUM('film', 'episode', 'programme');--> statement-breakpoint
CREATE TABLE "viewing_progress" (
	"profile_id" integer NOT NULL,
	"item" varchar(40) NOT NULL,
	"kind" "viewing_kind" NOT NULL,
	"content_id" integer,
	"episode_id" integer,
	"channel_id" integer,
	"programme_start" timestamp with time zone,
	"position" integer NOT NULL,
	"duration" integer NOT NULL,
	"watched" boolean NOT NULL,
	"playback_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"superseded" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "viewing_progress_profile_id_item_pk" PRIMARY KEY("profile_id","item"),
	CONSTRAINT "viewing_progress_position_within" CHECK ("viewing_progress"."position" >= 0 and "viewing_progress"."position" <= "viewing_progress"."duration")
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"profile_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_profile_id_content_id_pk" PRIMARY KEY("profile_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "viewing_progress" ADD CONSTRAINT "viewing_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_progress" ADD CONSTRAINT "viewing_progress_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_progress" ADD CONSTRAINT "viewing_progress_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_progress_profile_updated_idx" ON "viewing_progress" USING btree ("profile_id","updated_at");--> statement-breakpoint
CREATE INDEX "viewing_progress_content_idx" ON "viewing_progress" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "viewing_progress_channel_idx" ON "viewing_progress" USING btree ("channel_id") WHERE "viewing_progress"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "watchlist_profile_added_idx" ON "watchlist" USING btree ("profile_id","added_at");--> statement-breakpoint
CREATE INDEX "watchlist_content_idx" ON "watchlist" USING btree ("content_id");