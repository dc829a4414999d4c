DROP INDEX "posts_feed_idx";--> statement-breakpoint
DROP INDEX "posts_author_feed_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "shares_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_feed_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Counters kept with the writes. Statement-level triggers with transition tables: one UPDATE per statement and post,
-- so bulk writes (account deletion, cascades from a deleted post) cost one update per post, not one per row. An
-- update of a post that is itself being deleted in the same statement finds no row and changes nothing.
CREATE FUNCTION "posts_count_likes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" AS p SET "likes_count" = p."likes_count" + d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM new_rows GROUP BY "post_id") AS d WHERE p."id" = d."post_id";
  ELSE
    UPDATE "posts" AS p SET "likes_count" = p."likes_count" - d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM old_rows GROUP BY "post_id") AS d WHERE p."id" = d."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_count_insert" AFTER INSERT ON "post_likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_likes"();--> statement-breakpoint
CREATE TRIGGER "post_likes_count_delete" AFTER DELETE ON "post_likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_likes"();--> statement-breakpoint
CREATE FUNCTION "posts_count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" AS p SET "comments_count" = p."comments_count" + d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM new_rows GROUP BY "post_id") AS d WHERE p."id" = d."post_id";
  ELSE
    UPDATE "posts" AS p SET "comments_count" = p."comments_count" - d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM old_rows GROUP BY "post_id") AS d WHERE p."id" = d."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count_insert" AFTER INSERT ON "post_comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_comments"();--> statement-breakpoint
CREATE TRIGGER "post_comments_count_delete" AFTER DELETE ON "post_comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_comments"();--> statement-breakpoint
-- A repost is a post with shared_post_id set (never changed afterwards): its original's shares_count follows it.
CREATE FUNCTION "posts_count_shares"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" AS p SET "shares_count" = p."shares_count" + d.n
      FROM (SELECT "shared_post_id", count(*)::int AS n FROM new_rows WHERE "shared_post_id" IS NOT NULL GROUP BY "shared_post_id") AS d
      WHERE p."id" = d."shared_post_id";
  ELSE
    UPDATE "posts" AS p SET "shares_count" = p."shares_count" - d.n
      FROM (SELECT "shared_post_id", count(*)::int AS n FROM old_rows WHERE "shared_post_id" IS NOT NULL GROUP BY "shared_post_id") AS d
      WHERE p."id" = d."shared_post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_count_shares_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_shares"();--> statement-breakpoint
CREATE TRIGGER "posts_count_shares_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_shares"();--> statement-breakpoint
-- The existing rows, counted once, after the triggers exist: creating them locked the tables against writes from
-- any other process until this migration commits, so nothing is counted twice or missed.
UPDATE "posts" AS p SET "likes_count" = c.n
  FROM (SELECT "post_id", count(*)::int AS n FROM "post_likes" GROUP BY "post_id") AS c WHERE p."id" = c."post_id";--> statement-breakpoint
UPDATE "posts" AS p SET "comments_count" = c.n
  FROM (SELECT "post_id", count(*)::int AS n FROM "post_comments" GROUP BY "post_id") AS c WHERE p."id" = c."post_id";--> statement-breakpoint
UPDATE "posts" AS p SET "shares_count" = c.n
  FROM (SELECT "shared_post_id", count(*)::int AS n FROM "posts" WHERE "shared_post_id" IS NOT NULL GROUP BY "shared_post_id") AS c
  WHERE p."id" = c."shared_post_id";
