CREATE TABLE "bonus_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"partner_id" text,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applicability" text NOT NULL,
	"minimum_investment_cents" bigint DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_codes_amount_positive" CHECK ("bonus_codes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "notary_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notary_appointments_within_capacity" CHECK ("notary_appointments"."reserved" >= 0 AND "notary_appointments"."reserved" <= "notary_appointments"."capacity")
);
--> statement-breakpoint
CREATE TABLE "notary_reservations" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"id_austria" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preorders_amount_positive" CHECK ("preorders"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "primary_purchases" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"shares" integer NOT NULL,
	"price_per_share_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"bonus_cents" bigint NOT NULL,
	"bonus_id" uuid,
	"cash_hold_id" uuid,
	"signing_request_id" uuid NOT NULL,
	"accepted_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appropriateness_rating" text NOT NULL,
	"payment_reference" text,
	"payment_received_at" timestamp with time zone,
	"notary_documents_received_at" timestamp with time zone,
	"manual_signatures" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "primary_purchases_shares_positive" CHECK ("primary_purchases"."shares" > 0),
	CONSTRAINT "primary_purchases_bonus_within_amount" CHECK ("primary_purchases"."bonus_cents" >= 0 AND "primary_purchases"."bonus_cents" <= "primary_purchases"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "user_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"title" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applicability" text NOT NULL,
	"minimum_investment_cents" bigint DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"used_by_transaction_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_negative_only_external";--> statement-breakpoint
ALTER TABLE "notary_appointments" ADD CONSTRAINT "notary_appointments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_reservations" ADD CONSTRAINT "notary_reservations_transaction_id_primary_purchases_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."primary_purchases"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notary_reservations" ADD CONSTRAINT "notary_reservations_appointment_id_notary_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."notary_appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preorders" ADD CONSTRAINT "preorders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_purchases" ADD CONSTRAINT "primary_purchases_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_purchases" ADD CONSTRAINT "primary_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_purchases" ADD CONSTRAINT "primary_purchases_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_purchases" ADD CONSTRAINT "primary_purchases_cash_hold_id_ledger_holds_id_fk" FOREIGN KEY ("cash_hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bonuses" ADD CONSTRAINT "user_bonuses_code_bonus_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."bonus_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notary_appointments_asset_time_key" ON "notary_appointments" USING btree ("asset_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "preorders_user_asset_key" ON "preorders" USING btree ("user_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "primary_purchases_signing_request_key" ON "primary_purchases" USING btree ("signing_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "primary_purchases_payment_reference_key" ON "primary_purchases" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "primary_purchases_asset_status_idx" ON "primary_purchases" USING btree ("asset_id","status");--> statement-breakpoint
CREATE INDEX "primary_purchases_user_idx" ON "primary_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bonuses_user_code_key" ON "user_bonuses" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "user_bonuses_user_idx" ON "user_bonuses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_negative_only_external" CHECK (NOT "ledger_accounts"."may_go_negative" OR "ledger_accounts"."kind" IN ('psp_clearing', 'issuer_shares', 'bonuses'));
--> statement-breakpoint
UPDATE "ledger_accounts" SET "may_go_negative" = true WHERE "kind" = 'bonuses';
