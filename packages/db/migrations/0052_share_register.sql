CREATE TABLE "register_entries" (
	"asset_id" text NOT NULL,
	"seq" integer NOT NULL,
	"entry" text NOT NULL,
	"leaf_hash" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_entries_asset_id_seq_pk" PRIMARY KEY("asset_id","seq"),
	CONSTRAINT "register_entries_seq_non_negative" CHECK ("register_entries"."seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "register_heads" (
	"asset_id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_holder_secrets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_positions" (
	"asset_id" text NOT NULL,
	"pseudonym" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_seq" integer NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "register_positions_asset_id_pseudonym_pk" PRIMARY KEY("asset_id","pseudonym"),
	CONSTRAINT "register_positions_shares_non_negative" CHECK ("register_positions"."shares" >= 0)
);
--> statement-breakpoint
CREATE TABLE "register_roots" (
	"asset_id" text NOT NULL,
	"tree_size" integer NOT NULL,
	"root_hash" text NOT NULL,
	"timestamp" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_roots_asset_id_tree_size_pk" PRIMARY KEY("asset_id","tree_size")
);
--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_heads" ADD CONSTRAINT "register_heads_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_holder_secrets" ADD CONSTRAINT "register_holder_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_positions" ADD CONSTRAINT "register_positions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_roots" ADD CONSTRAINT "register_roots_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_positions_user_idx" ON "register_positions" USING btree ("user_id","asset_id");--> statement-breakpoint
CREATE INDEX "register_roots_published_idx" ON "register_roots" USING btree ("created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION register_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER register_entries_immutable BEFORE UPDATE OR DELETE ON register_entries
  FOR EACH ROW EXECUTE FUNCTION register_refuse_change();
--> statement-breakpoint
CREATE TRIGGER register_entries_no_truncate BEFORE TRUNCATE ON register_entries
  FOR EACH STATEMENT EXECUTE FUNCTION register_refuse_change();
--> statement-breakpoint
CREATE TRIGGER register_roots_immutable BEFORE UPDATE OR DELETE ON register_roots
  FOR EACH ROW EXECUTE FUNCTION register_refuse_change();
--> statement-breakpoint
CREATE TRIGGER register_roots_no_truncate BEFORE TRUNCATE ON register_roots
  FOR EACH STATEMENT EXECUTE FUNCTION register_refuse_change();
