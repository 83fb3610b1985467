CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"asset_id" text,
	"unit" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("ledger_accounts"."balance" >= 0 OR "ledger_accounts"."may_go_negative"),
	CONSTRAINT "ledger_accounts_negative_only_external" CHECK (NOT "ledger_accounts"."may_go_negative" OR "ledger_accounts"."kind" IN ('psp_clearing', 'issuer_shares')),
	CONSTRAINT "ledger_accounts_user_kinds_have_user" CHECK (("ledger_accounts"."kind" LIKE 'user_%') = ("ledger_accounts"."user_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source_account_id" bigint NOT NULL,
	"held_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"unit" text NOT NULL,
	"hold_posting_id" bigint NOT NULL,
	"resolve_posting_id" bigint,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_resolution_matches_status" CHECK (("ledger_holds"."status" = 'pending') = ("ledger_holds"."resolve_posting_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider_wallet_id" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"owner" text NOT NULL,
	"verified_by_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_challenges" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payee_iban" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_sandbox_payouts" (
	"payout_id" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"iban" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_sandbox_wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"external_ref" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"sender" text,
	"receiver" text,
	"payment_information" text,
	"payout_account_id" uuid,
	"tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fiscal_period" text,
	"provider_reference" text,
	"hold_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_non_negative" CHECK ("transactions"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_source_account_id_ledger_accounts_id_fk" FOREIGN KEY ("source_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_held_account_id_ledger_accounts_id_fk" FOREIGN KEY ("held_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_hold_posting_id_ledger_postings_id_fk" FOREIGN KEY ("hold_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_resolve_posting_id_ledger_postings_id_fk" FOREIGN KEY ("resolve_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_challenges" ADD CONSTRAINT "payout_challenges_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_account_key_key" ON "ledger_accounts" USING btree ("account_key");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_hold_posting_key" ON "ledger_holds" USING btree ("hold_posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_resolve_posting_key" ON "ledger_holds" USING btree ("resolve_posting_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_idx" ON "ledger_holds" USING btree ("status") WHERE "ledger_holds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_idempotency_key_key" ON "ledger_postings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_iban_key" ON "payment_accounts" USING btree ("iban");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_wallet_key" ON "payment_accounts" USING btree ("provider_wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_user_iban_key" ON "payout_accounts" USING btree ("user_id","iban");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_sandbox_wallets_wallet_key" ON "psp_sandbox_wallets" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_sandbox_wallets_external_ref_key" ON "psp_sandbox_wallets" USING btree ("external_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "psp_sandbox_wallets_iban_key" ON "psp_sandbox_wallets" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_reference_key" ON "transactions" USING btree ("provider_reference");