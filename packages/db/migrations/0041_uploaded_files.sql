CREATE TABLE "uploaded_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"attached_kind" text,
	"attached_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_files_attached" CHECK (("uploaded_files"."attached_kind" IS NULL) = ("uploaded_files"."attached_id" IS NULL) AND ("uploaded_files"."attached_kind" IS NULL OR "uploaded_files"."attached_kind" IN ('supportRequest', 'forumMessage', 'votingOption'))),
	CONSTRAINT "uploaded_files_size" CHECK ("uploaded_files"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "uploaded_files_owner_idx" ON "uploaded_files" USING btree ("owner_id","created_at");
--> statement-breakpoint
CREATE INDEX "uploaded_files_attached_idx" ON "uploaded_files" USING btree ("attached_kind","attached_id");
