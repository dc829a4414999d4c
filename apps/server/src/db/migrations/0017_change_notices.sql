-- Change notices (src/db/change-notices.ts): every app process listens, and keeps read caches only of what these
-- announce. NOTIFY is delivered at commit, once per transaction for the same channel and text.
--
-- session_changed: the ids of sessions that ended before their expiry, or whose times, owner or token changed, at
-- most 500 ids per notice (a notice holds under 8,000 bytes). A session that expired on its own needs none: its
-- expiry refuses it wherever it is kept.
CREATE FUNCTION "notify_sessions"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('session_changed', array_to_string(ids[n:n + 499], ','))
  FROM generate_series(1, coalesce(array_length(ids, 1), 0), 500) AS n;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"(ARRAY(SELECT "id" FROM ended WHERE "expires_at" > now()));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notice" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_ended"();--> statement-breakpoint
CREATE FUNCTION "notify_sessions_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "notify_sessions"(ARRAY(
    SELECT n."id" FROM after_rows AS n JOIN before_rows AS o ON o."id" = n."id"
    WHERE (n."expires_at", n."created_at", n."user_id", n."token_hash") IS DISTINCT FROM (o."expires_at", o."created_at", o."user_id", o."token_hash")
  ));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_moved_notice" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_moved"();--> statement-breakpoint
-- feed_changed: anything a feed page shows was written: posts (their text, counters, reposts), pictures, likes,
-- follows (the Following feed), and the author fields on a card. One statement-level notice, no payload.
CREATE FUNCTION "notify_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('feed_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_feed_notice" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "post_images_feed_notice" AFTER INSERT OR UPDATE OR DELETE ON "post_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "post_likes_feed_notice" AFTER INSERT OR DELETE ON "post_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "follows_feed_notice" AFTER INSERT OR DELETE ON "follows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "users_feed_notice" AFTER UPDATE OF "username", "full_name", "profile_picture", "deleted_at" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
