-- The admin dashboard (issue 40) counts sign-ups and messages per day: rows arrive in time order, so BRIN indexes
-- (a few pages, built in one pass) serve its date ranges without the cost of a b-tree on the largest table.
CREATE INDEX "users_created_brin_idx" ON "users" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "messages_created_brin_idx" ON "messages" USING brin ("created_at");
