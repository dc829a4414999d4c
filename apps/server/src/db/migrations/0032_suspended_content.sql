-- feed_changed (see 0017, 0021) when a suspension is made, changed or lifted: a suspended member's posts are out of
-- every feed page, so the pages each process keeps must go, on every process.
CREATE TRIGGER "account_suspensions_feed_notice" AFTER INSERT OR UPDATE OR DELETE ON "account_suspensions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
