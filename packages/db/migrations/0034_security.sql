ALTER TABLE "auth_throttle" ADD COLUMN "strikes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "psp_sandbox_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "psp_sandbox_webhooks_due_idx" ON "psp_sandbox_webhooks" USING btree ("due_at") WHERE "delivered_at" IS NULL AND "given_up_at" IS NULL;
