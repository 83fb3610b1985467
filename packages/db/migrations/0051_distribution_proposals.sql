CREATE TABLE "distribution_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"record_date" date NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"run_id" uuid,
	CONSTRAINT "distribution_proposals_approved_run" CHECK (("distribution_proposals"."status" = 'approved') = ("distribution_proposals"."run_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "feature_testing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD COLUMN "carried_income_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_proposals" ADD CONSTRAINT "distribution_proposals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_proposals" ADD CONSTRAINT "distribution_proposals_run_id_distribution_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."distribution_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_proposals_open_key" ON "distribution_proposals" USING btree ("asset_id","period_key") WHERE "distribution_proposals"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "distribution_proposals_status_idx" ON "distribution_proposals" USING btree ("status","proposed_at");