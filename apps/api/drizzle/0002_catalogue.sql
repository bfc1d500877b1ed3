CREATE TYPE "public"."collection_type" AS ENUM('teaser', 'banner', 'queue', 'tv_channels');--> statement-breakpoint
CREATE TYPE "public"."content_type" AS ENUM('film', 'series', 'tvshow', 'channel');--> statement-breakpoint
CREATE TABLE "channel_genres" (
	"channel_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "channel_genres_channel_id_genre_id_pk" PRIMARY KEY("channel_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text NOT NULL,
	"archive_days" smallint DEFAULT 3 NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"collection_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content_id" integer,
	"channel_id" integer,
	CONSTRAINT "collection_items_collection_id_position_pk" PRIMARY KEY("collection_id","position"),
	CONSTRAINT "collection_items_one_target" CHECK (num_nonnulls("collection_items"."content_id", "collection_items"."channel_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "collection_tabs" (
	"tab" varchar(64) NOT NULL,
	"collection_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_tabs_tab_collection_id_pk" PRIMARY KEY("tab","collection_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"title" text NOT NULL,
	"type" "collection_type" NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "content_countries" (
	"content_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "content_countries_content_id_country_id_pk" PRIMARY KEY("content_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "content_genres" (
	"content_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "content_genres_content_id_genre_id_pk" PRIMARY KEY("content_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"type" "content_type" NOT NULL,
	"title" text NOT NULL,
	"original_title" text,
	"description" text NOT NULL,
	"year" smallint,
	"age_rating" smallint DEFAULT 0 NOT NULL,
	"rating" numeric(3, 1) DEFAULT 0 NOT NULL,
	"duration" integer,
	"sticker_id" integer,
	"partner_label_id" integer,
	"is_preview" boolean DEFAULT false NOT NULL,
	"poster_url" text NOT NULL,
	"banner_url" text,
	"wide_poster_url" text,
	"logotype_url" text,
	"channel_id" integer,
	"vendor_id" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"season_id" integer,
	"order_number" smallint NOT NULL,
	"title" text NOT NULL,
	"duration" integer,
	"is_announce" boolean DEFAULT false NOT NULL,
	"is_trailer" boolean DEFAULT false NOT NULL,
	"poster_url" text,
	CONSTRAINT "episodes_trailer_has_no_season" CHECK (("episodes"."is_trailer") = ("episodes"."season_id" is null))
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "genres_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "partner_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "partner_labels_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"number" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"title" text NOT NULL,
	"color" varchar(7) NOT NULL,
	"image_url" text NOT NULL,
	CONSTRAINT "stickers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "channel_genres" ADD CONSTRAINT "channel_genres_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_genres" ADD CONSTRAINT "channel_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tabs" ADD CONSTRAINT "collection_tabs_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_countries" ADD CONSTRAINT "content_countries_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_countries" ADD CONSTRAINT "content_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_genres" ADD CONSTRAINT "content_genres_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_genres" ADD CONSTRAINT "content_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_partner_label_id_partner_labels_id_fk" FOREIGN KEY ("partner_label_id") REFERENCES "public"."partner_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_genres_genre_id_idx" ON "channel_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "collection_items_content_id_idx" ON "collection_items" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "collection_items_channel_id_idx" ON "collection_items" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "collection_tabs_tab_position_idx" ON "collection_tabs" USING btree ("tab","position");--> statement-breakpoint
CREATE INDEX "collection_tabs_collection_id_idx" ON "collection_tabs" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "content_countries_country_id_idx" ON "content_countries" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "content_genres_genre_id_idx" ON "content_genres" USING btree ("genre_id","content_id");--> statement-breakpoint
CREATE INDEX "contents_channel_id_idx" ON "contents" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "contents_sticker_id_idx" ON "contents" USING btree ("sticker_id");--> statement-breakpoint
CREATE INDEX "contents_partner_label_id_idx" ON "contents" USING btree ("partner_label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_season_id_order_idx" ON "episodes" USING btree ("season_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_trailer_idx" ON "episodes" USING btree ("content_id") WHERE "episodes"."is_trailer";--> statement-breakpoint
CREATE INDEX "episodes_content_id_idx" ON "episodes" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_content_id_number_idx" ON "seasons" USING btree ("content_id","number");