ALTER TABLE "messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "auto_delete" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_expiring_idx" ON "messages" USING btree ("expires_at") WHERE "messages"."expires_at" is not null and "messages"."deleted_at" is null;