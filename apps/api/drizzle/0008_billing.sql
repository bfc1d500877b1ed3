CREATE TYPE "public"."payment_kind" AS ENUM('first', 'renewal');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."receipt_status" AS ENUM('pending', 'succeeded', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('confirmed', 'suspended', 'cancelled');--> statement-breakpoint
CREATE TABLE "package_children" (
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "package_children_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_method_id" varchar(100) NOT NULL,
	"first6" varchar(6) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"card_type" varchar(32) NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"tariff_id" integer,
	"subscription_id" integer,
	"kind" "payment_kind" NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_payment_id" varchar(100),
	"idempotence_key" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"save_method" boolean DEFAULT true NOT NULL,
	"payment_method_id" integer,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"cancellation_party" varchar(32),
	"cancellation_reason" varchar(64),
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"provider_receipt_id" varchar(100),
	"status" "receipt_status" DEFAULT 'pending' NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"items" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"url" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"tariff_id" integer,
	"status" "subscription_status" NOT NULL,
	"store_name" varchar(32) NOT NULL,
	"source" varchar(32) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"is_trial" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"payment_method_id" integer,
	"last_paid_at" timestamp with time zone,
	"cancel_reason" varchar(32),
	"cancelled_at" timestamp with time zone,
	"renewal_attempts" smallint DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'RUB' NOT NULL,
	"period_months" smallint DEFAULT 1 NOT NULL,
	"trial_days" smallint DEFAULT 0 NOT NULL,
	"pay_text" text NOT NULL,
	"pay_info" text,
	"texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "tariffs_amount_nonnegative" CHECK ("tariffs"."amount" >= 0),
	CONSTRAINT "tariffs_period_positive" CHECK ("tariffs"."period_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "trial_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"card_key" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_uses_profile_id_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "is_parent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "short_offer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "icon_url" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "wide_poster_url" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "store" varchar(32) DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_children" ADD CONSTRAINT "package_children_parent_id_packages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_children" ADD CONSTRAINT "package_children_child_id_packages_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_uses" ADD CONSTRAINT "trial_uses_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_uses" ADD CONSTRAINT "trial_uses_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_children_child_id_idx" ON "package_children" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_method_idx" ON "payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE INDEX "payment_methods_profile_id_idx" ON "payment_methods" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_profile_id_idx" ON "payments" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "payments_package_id_idx" ON "payments" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "payments_tariff_id_idx" ON "payments" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_id_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_payment_method_id_idx" ON "payments" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "receipts_profile_created_idx" ON "receipts" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_idx" ON "subscriptions" USING btree ("profile_id","package_id") WHERE "subscriptions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_profile_id_idx" ON "subscriptions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "subscriptions_package_id_idx" ON "subscriptions" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "subscriptions_tariff_id_idx" ON "subscriptions" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "subscriptions_payment_method_id_idx" ON "subscriptions" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("period_end") WHERE "subscriptions"."ended_at" is null and "subscriptions"."auto_renew";--> statement-breakpoint
CREATE INDEX "subscriptions_retry_idx" ON "subscriptions" USING btree ("next_retry_at") WHERE "subscriptions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_package_position_idx" ON "tariffs" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "trial_uses_package_id_idx" ON "trial_uses" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "trial_uses_card_key_idx" ON "trial_uses" USING btree ("card_key");