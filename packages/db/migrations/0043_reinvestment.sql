CREATE TABLE "reinvestment_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"max_price_per_share_cents" bigint NOT NULL,
	"acknowledged_appropriateness" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signing_request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "reinvestment_mandates_price_positive" CHECK ("reinvestment_mandates"."max_price_per_share_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "reinvestments" (
	"distribution_transaction_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"mandate_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"net_cents" bigint NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reinvestments_spent_within_net" CHECK ("reinvestments"."spent_cents" >= 0 AND "reinvestments"."spent_cents" <= "reinvestments"."net_cents")
);
--> statement-breakpoint
ALTER TABLE "reinvestment_mandates" ADD CONSTRAINT "reinvestment_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestment_mandates" ADD CONSTRAINT "reinvestment_mandates_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestment_mandates" ADD CONSTRAINT "reinvestment_mandates_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestments" ADD CONSTRAINT "reinvestments_distribution_transaction_id_transactions_id_fk" FOREIGN KEY ("distribution_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestments" ADD CONSTRAINT "reinvestments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestments" ADD CONSTRAINT "reinvestments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinvestments" ADD CONSTRAINT "reinvestments_mandate_id_reinvestment_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."reinvestment_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reinvestment_mandates_open_key" ON "reinvestment_mandates" USING btree ("user_id","asset_id") WHERE "reinvestment_mandates"."status" IN ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "reinvestment_mandates_signing_request_key" ON "reinvestment_mandates" USING btree ("signing_request_id");--> statement-breakpoint
CREATE INDEX "reinvestments_user_asset_idx" ON "reinvestments" USING btree ("user_id","asset_id","created_at");
