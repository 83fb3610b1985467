CREATE TABLE "knowledge_and_experience" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"flow" text,
	"answers" jsonb,
	"status" text NOT NULL,
	"boundary" jsonb,
	"skipped" boolean DEFAULT false NOT NULL,
	"skipped_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_and_experience" ADD CONSTRAINT "knowledge_and_experience_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;