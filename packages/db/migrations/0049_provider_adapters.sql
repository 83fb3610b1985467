CREATE TABLE "provider_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"outcome" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "provider_objects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"our_ref" text NOT NULL,
	"provider_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_mirrored_postings" (
	"posting_id" bigint PRIMARY KEY NOT NULL,
	"transfers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_day" text NOT NULL,
	"wallet_ref" text NOT NULL,
	"provider_wallet_id" text NOT NULL,
	"user_id" uuid,
	"ledger_cents" bigint NOT NULL,
	"provider_cents" bigint NOT NULL,
	"difference_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_cases" ADD CONSTRAINT "reconciliation_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_notifications_event_key" ON "provider_notifications" USING btree ("provider","event_type","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_objects_ref_key" ON "provider_objects" USING btree ("provider","kind","our_ref");--> statement-breakpoint
CREATE INDEX "provider_objects_provider_id_idx" ON "provider_objects" USING btree ("provider","kind","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_cases_day_wallet_key" ON "reconciliation_cases" USING btree ("run_day","wallet_ref");