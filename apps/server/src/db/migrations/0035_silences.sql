-- Running an instance (issue 40): a silenced member's posts reach only their followers, until lifted or its end.
CREATE TABLE "account_silences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"silenced_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_silences" ADD CONSTRAINT "account_silences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_silences" ADD CONSTRAINT "account_silences_silenced_by_users_id_fk" FOREIGN KEY ("silenced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- feed_changed (see 0017, 0032): a silence takes the member's posts out of others' feed pages, so kept pages go.
CREATE TRIGGER "account_silences_feed_notice" AFTER INSERT OR UPDATE OR DELETE ON "account_silences"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();
