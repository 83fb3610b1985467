CREATE TABLE "auto_invest_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mandate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"month" text NOT NULL,
	"asset_id" text NOT NULL,
	"market" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"budget_cents" bigint NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_invest_executions_spent_within_budget" CHECK ("auto_invest_executions"."spent_cents" >= 0 AND "auto_invest_executions"."spent_cents" <= "auto_invest_executions"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "auto_invest_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_cents" bigint NOT NULL,
	"object_types" jsonb NOT NULL,
	"country_codes" jsonb NOT NULL,
	"min_yield_bps" integer NOT NULL,
	"max_portfolio_share_bps" integer NOT NULL,
	"max_deviation_bps" integer NOT NULL,
	"markets" jsonb NOT NULL,
	"acknowledged_appropriateness" boolean DEFAULT false NOT NULL,
	"accepted_5k_limit" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signing_request_id" uuid NOT NULL,
	"replaces_mandate_id" uuid,
	"last_served_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "auto_invest_mandates_budget_min" CHECK ("auto_invest_mandates"."budget_cents" >= 2500),
	CONSTRAINT "auto_invest_mandates_bps" CHECK ("auto_invest_mandates"."min_yield_bps" BETWEEN 0 AND 10000 AND "auto_invest_mandates"."max_portfolio_share_bps" BETWEEN 1 AND 10000 AND "auto_invest_mandates"."max_deviation_bps" BETWEEN 0 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "auto_invest_months" (
	"mandate_id" uuid NOT NULL,
	"month" text NOT NULL,
	"user_id" uuid NOT NULL,
	"budget_cents" bigint NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auto_invest_months_mandate_id_month_pk" PRIMARY KEY("mandate_id","month"),
	CONSTRAINT "auto_invest_months_spent_within_budget" CHECK ("auto_invest_months"."spent_cents" >= 0 AND "auto_invest_months"."spent_cents" <= "auto_invest_months"."budget_cents")
);
--> statement-breakpoint
ALTER TABLE "auto_invest_executions" ADD CONSTRAINT "auto_invest_executions_mandate_id_auto_invest_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."auto_invest_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_executions" ADD CONSTRAINT "auto_invest_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_executions" ADD CONSTRAINT "auto_invest_executions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_mandates" ADD CONSTRAINT "auto_invest_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_mandates" ADD CONSTRAINT "auto_invest_mandates_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_mandates" ADD CONSTRAINT "auto_invest_mandates_replaces_mandate_id_auto_invest_mandates_id_fk" FOREIGN KEY ("replaces_mandate_id") REFERENCES "public"."auto_invest_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_months" ADD CONSTRAINT "auto_invest_months_mandate_id_auto_invest_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."auto_invest_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_invest_months" ADD CONSTRAINT "auto_invest_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_invest_executions_user_idx" ON "auto_invest_executions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_invest_executions_run_idx" ON "auto_invest_executions" USING btree ("run_id","mandate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_executions_refusal_key" ON "auto_invest_executions" USING btree ("mandate_id","month","asset_id","reason") WHERE "auto_invest_executions"."outcome" = 'refused';--> statement-breakpoint
CREATE INDEX "auto_invest_mandates_user_idx" ON "auto_invest_mandates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auto_invest_mandates_rotation_idx" ON "auto_invest_mandates" USING btree ("last_served_at","id") WHERE "auto_invest_mandates"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_mandates_signing_request_key" ON "auto_invest_mandates" USING btree ("signing_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_invest_mandates_one_open_key" ON "auto_invest_mandates" USING btree ("user_id") WHERE "auto_invest_mandates"."status" IN ('active', 'paused');--> statement-breakpoint
CREATE INDEX "auto_invest_months_user_idx" ON "auto_invest_months" USING btree ("user_id","month");