CREATE TABLE "referral_rewards" (
	"referee_user_id" uuid PRIMARY KEY NOT NULL,
	"referrer_user_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text,
	"referrer_bonus_cents" bigint NOT NULL,
	"referee_bonus_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "own_referral_code" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_referrer_bonus_cents" bigint DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_referee_bonus_cents" bigint DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_minimum_investment_cents" bigint DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_budget_cents" bigint;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "referral_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referee_user_id_users_id_fk" FOREIGN KEY ("referee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_own_referral_code_key" ON "users" USING btree ("own_referral_code") WHERE "users"."own_referral_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_referral_within_budget" CHECK ("partners"."referral_budget_cents" IS NULL OR "partners"."referral_paid_cents" <= "partners"."referral_budget_cents");