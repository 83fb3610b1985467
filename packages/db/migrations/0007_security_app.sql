CREATE TABLE "security_app_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"security_app_id" uuid,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"public_key" text,
	"pairing_code_hash" text,
	"pairing_expires_at" timestamp with time zone,
	"device_token_hash" text,
	"recovery_hash" text,
	"linked_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"disconnect_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"canonical_payload" text NOT NULL,
	"nonce" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"security_app_id" uuid,
	"signature" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_apps" ADD CONSTRAINT "security_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_security_app_id_security_apps_id_fk" FOREIGN KEY ("security_app_id") REFERENCES "public"."security_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_app_audit_user_idx" ON "security_app_audit" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "security_apps_one_live_per_user" ON "security_apps" USING btree ("user_id") WHERE "security_apps"."status" <> 'disconnected';--> statement-breakpoint
CREATE UNIQUE INDEX "security_apps_pairing_code_key" ON "security_apps" USING btree ("pairing_code_hash") WHERE "security_apps"."status" = 'new';--> statement-breakpoint
CREATE UNIQUE INDEX "security_apps_device_token_key" ON "security_apps" USING btree ("device_token_hash") WHERE "security_apps"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_nonce_key" ON "signing_requests" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "signing_requests_user_status_idx" ON "signing_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "signing_requests_pending_expiry_idx" ON "signing_requests" USING btree ("expires_at") WHERE "signing_requests"."status" = 'pending';