CREATE TABLE "sandbox_yookassa_idempotence" (
	"shop_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"answer" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_yookassa_idempotence_shop_id_key_pk" PRIMARY KEY("shop_id","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_yookassa_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"event" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_yookassa_payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"card_kind" text NOT NULL,
	"card" jsonb NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_yookassa_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"status" text NOT NULL,
	"object" jsonb NOT NULL,
	"receipt" jsonb,
	"save_payment_method" boolean DEFAULT false NOT NULL,
	"confirmation_token" text,
	"token_expires_at" timestamp with time zone,
	"three_ds_method_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_yookassa_payments_confirmation_token_unique" UNIQUE("confirmation_token")
);
--> statement-breakpoint
CREATE TABLE "sandbox_yookassa_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"object" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"registers_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_yookassa_receipts" ADD CONSTRAINT "sandbox_yookassa_receipts_payment_id_sandbox_yookassa_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_yookassa_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_yookassa_notifications_due_idx" ON "sandbox_yookassa_notifications" USING btree ("next_attempt_at") WHERE delivered_at is null and gave_up_at is null;--> statement-breakpoint
CREATE INDEX "sandbox_yookassa_payments_pending_idx" ON "sandbox_yookassa_payments" USING btree ("token_expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_yookassa_receipts_payment_idx" ON "sandbox_yookassa_receipts" USING btree ("payment_id");