CREATE TABLE "personal_information" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"street" text,
	"house_number" text,
	"postcode" text,
	"city" text,
	"domicile" text,
	"birth_date" date,
	"birth_country" text,
	"birth_city" text,
	"nationality" text,
	"social_security_number" text,
	"austrian_tax_number" text,
	"pep" boolean,
	"has_church_tax" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tax_ids" (
	"user_id" uuid NOT NULL,
	"country" text NOT NULL,
	"tax_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tax_ids_user_id_country_pk" PRIMARY KEY("user_id","country")
);
--> statement-breakpoint
ALTER TABLE "personal_information" ADD CONSTRAINT "personal_information_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tax_ids" ADD CONSTRAINT "user_tax_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;