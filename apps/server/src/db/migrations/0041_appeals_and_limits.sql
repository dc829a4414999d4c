-- Running an instance (issue 40): appeals of moderation actions, posts taken down or held, new accounts' first-day
-- limits and the approval question.
CREATE TABLE "moderated_posts" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderated_posts" ADD CONSTRAINT "moderated_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderated_posts" ADD CONSTRAINT "moderated_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- feed_changed (see 0017): taking a post down, holding it or bringing it back changes others' feed pages.
CREATE TRIGGER "moderated_posts_feed_notice" AFTER INSERT OR UPDATE OR DELETE ON "moderated_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_feed_changed"();--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_appeals_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_audit_id_admin_audit_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."admin_audit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_appeals_status_idx" ON "moderation_appeals" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "instance_settings" ADD COLUMN "new_account_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_settings" ADD COLUMN "approval_question" text;--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD COLUMN "answer" text;
