-- Issue 23 / ADR 0033: the feedback modal lands in the support queue (kind 'feedback' with a 1–5
-- rating), idempotent per client request id; the app-rating prompt remembers each user's answer.
ALTER TABLE "support_requests" DROP CONSTRAINT "support_requests_kind";--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_kind" CHECK ("support_requests"."kind" IN ('message', 'callback', 'feedback'));--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_rating" CHECK ("support_requests"."rating" IS NULL OR "support_requests"."rating" BETWEEN 1 AND 5);--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_request_idx" ON "support_requests" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE TABLE "feedback_prompts" (
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"answer" text NOT NULL,
	"show_after" timestamp with time zone,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_prompts_user_id_prompt_pk" PRIMARY KEY("user_id","prompt"),
	CONSTRAINT "feedback_prompts_prompt" CHECK ("feedback_prompts"."prompt" IN ('appRating')),
	CONSTRAINT "feedback_prompts_answer" CHECK ("feedback_prompts"."answer" IN ('later', 'never', 'rated', 'feedback'))
);
--> statement-breakpoint
ALTER TABLE "feedback_prompts" ADD CONSTRAINT "feedback_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
