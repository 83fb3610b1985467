CREATE TABLE "asset_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_energy_production" (
	"asset_id" text NOT NULL,
	"produced_on" date NOT NULL,
	"produced_kwh" integer NOT NULL,
	CONSTRAINT "asset_energy_production_asset_id_produced_on_pk" PRIMARY KEY("asset_id","produced_on")
);
--> statement-breakpoint
CREATE TABLE "asset_likes" (
	"user_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_likes_user_id_asset_id_pk" PRIMARY KEY("user_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "asset_marketing_consents" (
	"user_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"marketing_consent" boolean NOT NULL,
	"marketing_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_marketing_consents_user_id_asset_id_pk" PRIMARY KEY("user_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "asset_price_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"traded_at" timestamp with time zone NOT NULL,
	"price_per_share_cents" bigint NOT NULL,
	"shares_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_records" (
	"id" text PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"recorded_on" date NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"template_kind" text NOT NULL,
	"stage" text NOT NULL,
	"debt_capital" boolean DEFAULT false NOT NULL,
	"security_type" text NOT NULL,
	"object_type" text NOT NULL,
	"property_type" text,
	"building_type" text,
	"construction_status" text NOT NULL,
	"construction_type" text,
	"power_plant_type" text,
	"building_condition" text,
	"heating_type" text,
	"contract_type" text,
	"construction_year" integer,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spv_name" text NOT NULL,
	"spv_street" text NOT NULL,
	"spv_postal_code" text NOT NULL,
	"spv_city" text NOT NULL,
	"spv_country_code" text NOT NULL,
	"spv_register_number" text NOT NULL,
	"marketing_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"isin" text,
	"serial_number" text NOT NULL,
	"notary_date" date,
	"price_per_share_cents" bigint NOT NULL,
	"total_shares" integer NOT NULL,
	"available_shares" integer NOT NULL,
	"minimum_subscription_shares" integer DEFAULT 1 NOT NULL,
	"funding_limit_cents" bigint NOT NULL,
	"funding_threshold_cents" bigint NOT NULL,
	"market_capitalization_cents" bigint NOT NULL,
	"total_volume_cents" bigint NOT NULL,
	"debt_ratio_bps" integer DEFAULT 0 NOT NULL,
	"original_loan_amount_cents" bigint DEFAULT 0 NOT NULL,
	"outstanding_loan_amount_cents" bigint DEFAULT 0 NOT NULL,
	"repayment_amount_per_share_cents" bigint DEFAULT 0 NOT NULL,
	"financing_bank" text,
	"collateral" text,
	"expected_rental_return_bps" integer DEFAULT 0 NOT NULL,
	"expected_ongoing_distribution_bps" integer DEFAULT 0 NOT NULL,
	"next_distribution_date" date,
	"distribution_frequency" text NOT NULL,
	"duration_years" integer,
	"endless_term" boolean DEFAULT false NOT NULL,
	"maturity_date" date,
	"observation_period_months" integer,
	"rent_indexation" text,
	"leverage_on_day_bps" integer,
	"leverage_volume_cents" bigint,
	"expected_construction_start" date,
	"expected_distribution_start" date,
	"scenarios" jsonb,
	"area_square_meters" integer,
	"floor" integer,
	"rooms" integer,
	"equipment" text,
	"door_number" text,
	"occupancy_rate_bps" integer,
	"liquidity_reserve_cents" bigint,
	"management_costs_cents_per_year" bigint,
	"net_rental_income_cents_per_year" bigint,
	"monthly_rent_cents" bigint,
	"rented_units_count" integer,
	"total_units_count" integer,
	"peak_power_kw" integer,
	"storage_capacity_kwh" integer,
	"expected_annual_production_kwh" integer,
	"available_bricks_secondary" integer DEFAULT 0 NOT NULL,
	"lowest_offer_price_cents" bigint,
	"green" boolean DEFAULT false NOT NULL,
	"forced_ranking" integer DEFAULT 1000 NOT NULL,
	"only_primary" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"target_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_target_url_unique" UNIQUE("target_url")
);
--> statement-breakpoint
ALTER TABLE "asset_documents" ADD CONSTRAINT "asset_documents_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_energy_production" ADD CONSTRAINT "asset_energy_production_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_likes" ADD CONSTRAINT "asset_likes_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_marketing_consents" ADD CONSTRAINT "asset_marketing_consents_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_price_points" ADD CONSTRAINT "asset_price_points_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_records" ADD CONSTRAINT "asset_records_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_documents_asset_idx" ON "asset_documents" USING btree ("asset_id","sort_order");--> statement-breakpoint
CREATE INDEX "asset_likes_asset_idx" ON "asset_likes" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "asset_price_points_asset_idx" ON "asset_price_points" USING btree ("asset_id","traded_at");--> statement-breakpoint
CREATE INDEX "asset_records_asset_idx" ON "asset_records" USING btree ("asset_id","recorded_on");--> statement-breakpoint
CREATE INDEX "assets_stage_idx" ON "assets" USING btree ("stage");