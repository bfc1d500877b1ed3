CREATE TABLE "embed_switches" (
	"scope" text PRIMARY KEY NOT NULL,
	"locked" boolean,
	"reserve_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
