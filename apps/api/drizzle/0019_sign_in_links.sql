CREATE TABLE "sign_in_links" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"device_uid" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_links_profile_id_idx" ON "sign_in_links" USING btree ("profile_id");