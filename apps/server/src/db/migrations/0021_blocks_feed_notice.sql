-- feed_changed (see 0017) also when a block is made or lifted: a block hides each member's posts from the other in
-- every feed page, so the pages each process keeps of the two members must go, on every process.
CREATE TRIGGER "user_blocks_feed_notice" AFTER INSERT OR DELETE ON "user_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
