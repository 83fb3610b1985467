CREATE TABLE "bonus_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount_cents" bigint,
	"tiers" jsonb,
	"applicability" text DEFAULT 'primaryAndSecondary' NOT NULL,
	"minimum_investment_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_valid_days" integer DEFAULT 90 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"budget_cents" bigint,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_campaigns_window" CHECK ("bonus_campaigns"."valid_from" < "bonus_campaigns"."valid_until"),
	CONSTRAINT "bonus_campaigns_shape" CHECK (("bonus_campaigns"."kind" = 'birthday' AND "bonus_campaigns"."tiers" IS NOT NULL) OR ("bonus_campaigns"."kind" <> 'birthday' AND "bonus_campaigns"."amount_cents" > 0)),
	CONSTRAINT "bonus_campaigns_within_budget" CHECK ("bonus_campaigns"."budget_cents" IS NULL OR "bonus_campaigns"."paid_cents" <= "bonus_campaigns"."budget_cents")
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"invested_cents" bigint,
	"refusal_reason" text,
	"user_bonus_id" uuid,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_campaigns_partner_idx" ON "bonus_campaigns" USING btree ("partner_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_campaign_user_key" ON "bonus_grants" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "bonus_grants_user_idx" ON "bonus_grants" USING btree ("user_id");