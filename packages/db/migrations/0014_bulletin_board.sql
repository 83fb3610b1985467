CREATE TABLE "bulletin_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"visibility" text NOT NULL,
	"first_party_user_id" uuid NOT NULL,
	"price_per_share_cents" bigint NOT NULL,
	"shares_offered" integer NOT NULL,
	"shares_remaining" integer NOT NULL,
	"shares_settled" integer DEFAULT 0 NOT NULL,
	"fee_bps" integer NOT NULL,
	"fee_reserve_cents" bigint DEFAULT 0 NOT NULL,
	"reserved_amount" bigint DEFAULT 0 NOT NULL,
	"hold_id" uuid,
	"hold_seq" integer DEFAULT 0 NOT NULL,
	"signing_request_id" uuid,
	"accepted_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulletin_offers_price_positive" CHECK ("bulletin_offers"."price_per_share_cents" > 0),
	CONSTRAINT "bulletin_offers_shares_positive" CHECK ("bulletin_offers"."shares_offered" > 0),
	CONSTRAINT "bulletin_offers_shares_consistent" CHECK ("bulletin_offers"."shares_remaining" >= 0 AND "bulletin_offers"."shares_settled" >= 0 AND "bulletin_offers"."shares_remaining" + "bulletin_offers"."shares_settled" <= "bulletin_offers"."shares_offered"),
	CONSTRAINT "bulletin_offers_reserves_non_negative" CHECK ("bulletin_offers"."fee_reserve_cents" >= 0 AND "bulletin_offers"."reserved_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bulletin_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"asset_id" text NOT NULL,
	"second_party_user_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"seller_user_id" uuid NOT NULL,
	"shares_count" integer NOT NULL,
	"price_per_share_cents" bigint NOT NULL,
	"volume_cents" bigint NOT NULL,
	"buyer_fee_cents" bigint NOT NULL,
	"seller_fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"step" text,
	"first_party_hold_id" uuid,
	"second_party_hold_id" uuid,
	"first_party_signing_request_id" uuid,
	"second_party_signing_request_id" uuid,
	"first_party_signed_at" timestamp with time zone,
	"second_party_signed_at" timestamp with time zone,
	"buyer_transaction_id" uuid,
	"seller_transaction_id" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bulletin_trades_shares_positive" CHECK ("bulletin_trades"."shares_count" > 0),
	CONSTRAINT "bulletin_trades_fees_non_negative" CHECK ("bulletin_trades"."buyer_fee_cents" >= 0 AND "bulletin_trades"."seller_fee_cents" >= 0),
	CONSTRAINT "bulletin_trades_parties_differ" CHECK ("bulletin_trades"."buyer_user_id" <> "bulletin_trades"."seller_user_id")
);
--> statement-breakpoint
ALTER TABLE "bulletin_offers" ADD CONSTRAINT "bulletin_offers_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_offers" ADD CONSTRAINT "bulletin_offers_first_party_user_id_users_id_fk" FOREIGN KEY ("first_party_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_offers" ADD CONSTRAINT "bulletin_offers_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_offers" ADD CONSTRAINT "bulletin_offers_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_offer_id_bulletin_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."bulletin_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_second_party_user_id_users_id_fk" FOREIGN KEY ("second_party_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_first_party_hold_id_ledger_holds_id_fk" FOREIGN KEY ("first_party_hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_second_party_hold_id_ledger_holds_id_fk" FOREIGN KEY ("second_party_hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_first_party_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("first_party_signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_second_party_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("second_party_signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_buyer_transaction_id_transactions_id_fk" FOREIGN KEY ("buyer_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_trades" ADD CONSTRAINT "bulletin_trades_seller_transaction_id_transactions_id_fk" FOREIGN KEY ("seller_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulletin_offers_asset_idx" ON "bulletin_offers" USING btree ("asset_id","status");--> statement-breakpoint
CREATE INDEX "bulletin_offers_owner_idx" ON "bulletin_offers" USING btree ("first_party_user_id","created_at");--> statement-breakpoint
CREATE INDEX "bulletin_trades_offer_idx" ON "bulletin_trades" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "bulletin_trades_second_party_idx" ON "bulletin_trades" USING btree ("second_party_user_id","created_at");--> statement-breakpoint
CREATE INDEX "bulletin_trades_first_signing_idx" ON "bulletin_trades" USING btree ("first_party_signing_request_id");--> statement-breakpoint
CREATE INDEX "bulletin_trades_second_signing_idx" ON "bulletin_trades" USING btree ("second_party_signing_request_id");