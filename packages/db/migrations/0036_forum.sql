CREATE TABLE "forum_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "forum_messages_body_length" CHECK (char_length("forum_messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "forum_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "forum_complaints_status" CHECK ("forum_complaints"."status" IN ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "votings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"theme" text NOT NULL,
	"phase" text DEFAULT 'suggestion' NOT NULL,
	"outcome" text,
	"winning_option_id" uuid,
	"suggested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"support_reached_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"snapshot_shares" bigint,
	"snapshot_holders" integer,
	"result" jsonb,
	CONSTRAINT "votings_phase" CHECK ("votings"."phase" IN ('suggestion', 'upcoming', 'running', 'closed', 'expired')),
	CONSTRAINT "votings_outcome" CHECK (("votings"."phase" = 'closed') = ("votings"."outcome" IS NOT NULL) AND ("votings"."outcome" IS NULL OR "votings"."outcome" IN ('approved', 'rejected')))
);
--> statement-breakpoint
CREATE TABLE "voting_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voting_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voting_supports" (
	"voting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voting_supports_pk" PRIMARY KEY ("voting_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE "voting_weights" (
	"voting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shares" bigint NOT NULL,
	CONSTRAINT "voting_weights_pk" PRIMARY KEY ("voting_id", "user_id"),
	CONSTRAINT "voting_weights_positive" CHECK ("voting_weights"."shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "voting_votes" (
	"voting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"option_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voting_votes_pk" PRIMARY KEY ("voting_id", "user_id"),
	CONSTRAINT "voting_votes_choice" CHECK ("voting_votes"."choice" IN ('option', 'againstAll', 'abstain') AND (("voting_votes"."choice" = 'option') = ("voting_votes"."option_id" IS NOT NULL)))
);
--> statement-breakpoint
ALTER TABLE "forum_messages" ADD CONSTRAINT "forum_messages_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_messages" ADD CONSTRAINT "forum_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_complaints" ADD CONSTRAINT "forum_complaints_message_id_forum_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."forum_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_complaints" ADD CONSTRAINT "forum_complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votings" ADD CONSTRAINT "votings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votings" ADD CONSTRAINT "votings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_options" ADD CONSTRAINT "voting_options_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_supports" ADD CONSTRAINT "voting_supports_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_weights" ADD CONSTRAINT "voting_weights_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_votes" ADD CONSTRAINT "voting_votes_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_votes" ADD CONSTRAINT "voting_votes_option_id_voting_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."voting_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_messages_asset_idx" ON "forum_messages" USING btree ("asset_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_complaints_message_user_key" ON "forum_complaints" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "forum_complaints_open_idx" ON "forum_complaints" USING btree ("created_at") WHERE "forum_complaints"."status" = 'open';--> statement-breakpoint
CREATE INDEX "votings_asset_idx" ON "votings" USING btree ("asset_id","suggested_at");--> statement-breakpoint
CREATE INDEX "votings_due_idx" ON "votings" USING btree ("phase") WHERE "votings"."phase" IN ('suggestion', 'upcoming', 'running');--> statement-breakpoint
CREATE INDEX "voting_options_voting_idx" ON "voting_options" USING btree ("voting_id","created_at");
