CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(80) NOT NULL,
	"name" text NOT NULL,
	"pay_text" text NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "profile_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"source" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "preview_timer" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "profile_packages" ADD CONSTRAINT "profile_packages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_packages" ADD CONSTRAINT "profile_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_packages_profile_package_idx" ON "profile_packages" USING btree ("profile_id","package_id");--> statement-breakpoint
CREATE INDEX "profile_packages_package_id_idx" ON "profile_packages" USING btree ("package_id");--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_package_id_idx" ON "contents" USING btree ("package_id");