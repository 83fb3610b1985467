CREATE TABLE "dev_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"app_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"colors" jsonb NOT NULL,
	"app_icon" text NOT NULL,
	"feature_flags" jsonb NOT NULL,
	"intro_slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"app_url" text NOT NULL,
	"web_app_url" text NOT NULL,
	"domain_uri_prefix" text NOT NULL,
	"android_package_name" text NOT NULL,
	"ios_bundle_id" text NOT NULL,
	"app_store_id" text NOT NULL,
	"transaction_fee_bps" integer,
	"brokerage_fee_bps" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dev_messages_idempotency_key_key" ON "dev_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "dev_messages_recipient_idx" ON "dev_messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_key_key" ON "outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" IS NULL AND "outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_partner_id_key" ON "partners" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_single_default" ON "partners" USING btree ("is_default") WHERE "partners"."is_default";