CREATE TABLE "terms_acceptances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"product_provider_at" timestamp with time zone,
	"customer_information_at" timestamp with time zone,
	"identity_provider_at" timestamp with time zone,
	"energy_provider_at" timestamp with time zone,
	"payment_provider_at" timestamp with time zone,
	"further_provider_at" timestamp with time zone,
	"further_provider_privacy_at" timestamp with time zone,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_information" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "personal_information" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;