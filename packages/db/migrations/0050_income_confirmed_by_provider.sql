ALTER TABLE "asset_income" ALTER COLUMN "status" SET DEFAULT 'expected';--> statement-breakpoint
ALTER TABLE "asset_income" ADD COLUMN "provider_transfer_id" text;--> statement-breakpoint
ALTER TABLE "asset_income" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_income" ADD CONSTRAINT "asset_income_provider_transfer_id_unique" UNIQUE("provider_transfer_id");--> statement-breakpoint
-- Income recorded before issue 34 was booked to psp_clearing when the operator recorded it: it
-- counts as confirmed at that moment, so the reconciliation of an existing installation agrees.
UPDATE "asset_income" SET "confirmed_at" = "created_at" WHERE "status" <> 'expected';
