CREATE TABLE "distribution_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"record_date" date NOT NULL,
	"income_cents" bigint NOT NULL,
	"investors_gross_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"issuer_cents" bigint NOT NULL,
	"holders" integer NOT NULL,
	"posting_id" bigint,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_runs_income_positive" CHECK ("distribution_runs"."income_cents" > 0),
	CONSTRAINT "distribution_runs_sums" CHECK ("distribution_runs"."investors_gross_cents" + "distribution_runs"."issuer_cents" = "distribution_runs"."income_cents" AND "distribution_runs"."tax_cents" <= "distribution_runs"."investors_gross_cents")
);
--> statement-breakpoint
ALTER TABLE "asset_income" ADD COLUMN "distribution_run_id" uuid;--> statement-breakpoint
ALTER TABLE "personal_information" ADD COLUMN "church_tax_state" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "distribution_run_id" uuid;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_runs_asset_period_key" ON "distribution_runs" USING btree ("asset_id","period_key");--> statement-breakpoint
CREATE INDEX "distribution_runs_created_idx" ON "distribution_runs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "asset_income" ADD CONSTRAINT "asset_income_distribution_run_id_distribution_runs_id_fk" FOREIGN KEY ("distribution_run_id") REFERENCES "public"."distribution_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_distribution_run_id_distribution_runs_id_fk" FOREIGN KEY ("distribution_run_id") REFERENCES "public"."distribution_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_asset_idx" ON "ledger_accounts" USING btree ("asset_id","kind") WHERE "ledger_accounts"."asset_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_distribution_run_user_key" ON "transactions" USING btree ("distribution_run_id","user_id") WHERE "transactions"."distribution_run_id" IS NOT NULL;