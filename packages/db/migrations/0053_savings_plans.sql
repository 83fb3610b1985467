CREATE TABLE "investor_alert_hits" (
	"alert_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_alert_hits_alert_id_subject_pk" PRIMARY KEY("alert_id","subject")
);
--> statement-breakpoint
CREATE TABLE "investor_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"asset_id" text,
	"price_cents" bigint,
	"direction" text,
	"filters" jsonb,
	"last_seen_price_cents" bigint,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "savings_plan_assets" (
	"plan_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"position" integer NOT NULL,
	"percent" integer NOT NULL,
	CONSTRAINT "savings_plan_assets_plan_id_asset_id_pk" PRIMARY KEY("plan_id","asset_id"),
	CONSTRAINT "savings_plan_assets_percent_range" CHECK ("savings_plan_assets"."percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "savings_plan_executions" (
	"plan_id" uuid NOT NULL,
	"month" text NOT NULL,
	"asset_id" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"budget_cents" bigint NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "savings_plan_executions_plan_id_month_asset_id_pk" PRIMARY KEY("plan_id","month","asset_id"),
	CONSTRAINT "savings_plan_executions_spent_within_budget" CHECK ("savings_plan_executions"."spent_cents" >= 0 AND "savings_plan_executions"."spent_cents" <= "savings_plan_executions"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "savings_plan_runs" (
	"plan_id" uuid NOT NULL,
	"month" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_plan_runs_plan_id_month_pk" PRIMARY KEY("plan_id","month"),
	CONSTRAINT "savings_plan_runs_spent_within_amount" CHECK ("savings_plan_runs"."spent_cents" >= 0 AND "savings_plan_runs"."spent_cents" <= "savings_plan_runs"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "savings_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"day_of_month" integer NOT NULL,
	"acknowledged_appropriateness" boolean DEFAULT false NOT NULL,
	"accepted_5k_limit" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signing_request_id" uuid NOT NULL,
	"replaces_plan_id" uuid,
	"carried_month" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "savings_plans_amount_min" CHECK ("savings_plans"."amount_cents" >= 2500),
	CONSTRAINT "savings_plans_day_range" CHECK ("savings_plans"."day_of_month" BETWEEN 1 AND 28)
);
--> statement-breakpoint
ALTER TABLE "investor_alert_hits" ADD CONSTRAINT "investor_alert_hits_alert_id_investor_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."investor_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_alerts" ADD CONSTRAINT "investor_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_alerts" ADD CONSTRAINT "investor_alerts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_assets" ADD CONSTRAINT "savings_plan_assets_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_assets" ADD CONSTRAINT "savings_plan_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_executions" ADD CONSTRAINT "savings_plan_executions_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_executions" ADD CONSTRAINT "savings_plan_executions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_runs" ADD CONSTRAINT "savings_plan_runs_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plan_runs" ADD CONSTRAINT "savings_plan_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_replaces_plan_id_savings_plans_id_fk" FOREIGN KEY ("replaces_plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_alerts_user_idx" ON "investor_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "investor_alerts_kind_idx" ON "investor_alerts" USING btree ("kind","asset_id");--> statement-breakpoint
CREATE INDEX "savings_plan_runs_user_idx" ON "savings_plan_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_plans_user_idx" ON "savings_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "savings_plans_due_idx" ON "savings_plans" USING btree ("day_of_month") WHERE "savings_plans"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "savings_plans_signing_request_key" ON "savings_plans" USING btree ("signing_request_id");