ALTER TABLE "outbox" ADD COLUMN "request_id" text;
