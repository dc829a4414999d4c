-- Comments a 'hold' filter keeps for review ('held': seen by their author alone until a moderator releases them) and
-- comments the instance's moderators took down ('removed': kept, seen by nobody, so an upheld appeal brings them
-- back as they were). NULL: an ordinary comment, seen by everyone its post reaches.
ALTER TABLE "post_comments" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_moderation_check" CHECK ("moderation" IN ('held', 'removed'));--> statement-breakpoint
-- The held queue reads the held comments oldest first: a partial index keeps that read off the whole table.
CREATE INDEX "post_comments_moderated_idx" ON "post_comments" USING btree ("moderation", "created_at", "id") WHERE "moderation" IS NOT NULL;--> statement-breakpoint
-- comments_count (see 0016) counts only the comments everyone sees: a held or removed one is not counted, and holding,
-- releasing, removing or restoring one moves the count in the same statement's transaction.
CREATE OR REPLACE FUNCTION "posts_count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" AS p SET "comments_count" = p."comments_count" + d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM new_rows WHERE "moderation" IS NULL GROUP BY "post_id") AS d
      WHERE p."id" = d."post_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "posts" AS p SET "comments_count" = p."comments_count" - d.n
      FROM (SELECT "post_id", count(*)::int AS n FROM old_rows WHERE "moderation" IS NULL GROUP BY "post_id") AS d
      WHERE p."id" = d."post_id";
  ELSE
    UPDATE "posts" AS p SET "comments_count" = p."comments_count" + d.n
      FROM (
        SELECT "post_id", sum(n)::int AS n FROM (
          SELECT "post_id", 1 AS n FROM new_rows WHERE "moderation" IS NULL
          UNION ALL
          SELECT "post_id", -1 AS n FROM old_rows WHERE "moderation" IS NULL
        ) AS c GROUP BY "post_id" HAVING sum(n) <> 0
      ) AS d
      WHERE p."id" = d."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count_update" AFTER UPDATE ON "post_comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "posts_count_comments"();
