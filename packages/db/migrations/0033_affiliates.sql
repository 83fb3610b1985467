CREATE TABLE "affiliate_partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"partner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
