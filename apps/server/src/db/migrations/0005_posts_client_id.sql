ALTER TABLE "posts" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_author_client_idx" ON "posts" USING btree ("author_id","client_id");