-- Issue 20, switch account (ADR 0035): one person may hold one account per partner, so an e-mail
-- address is unique per partner instead of globally. Copies are made only by `copy-me`.
DROP INDEX IF EXISTS "users_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_partner_email_key" ON "users" USING btree ("partner_id","email");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE TABLE "account_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_user_id" uuid NOT NULL,
	"source_user_id" uuid NOT NULL,
	"copy_user_id" uuid NOT NULL,
	"destination_partner_id" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"copied_parts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "account_copies" ADD CONSTRAINT "account_copies_origin_user_id_users_id_fk" FOREIGN KEY ("origin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_copies" ADD CONSTRAINT "account_copies_source_user_id_users_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_copies" ADD CONSTRAINT "account_copies_copy_user_id_users_id_fk" FOREIGN KEY ("copy_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_copies" ADD CONSTRAINT "account_copies_destination_partner_id_partners_partner_id_fk" FOREIGN KEY ("destination_partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_copies_copy_user_key" ON "account_copies" USING btree ("copy_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_copies_origin_partner_key" ON "account_copies" USING btree ("origin_user_id","destination_partner_id");--> statement-breakpoint
-- The tenth feature flag (ADR 0035): partners that existed before keep copy-me off until the operator turns it on.
UPDATE "partners" SET "feature_flags" = "feature_flags" || '{"copyMe": false}'::jsonb WHERE NOT ("feature_flags" ? 'copyMe');
