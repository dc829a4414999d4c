CREATE TABLE "conversation_members" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"state" text DEFAULT 'member' NOT NULL,
	"history_from" integer DEFAULT 0 NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"cleared_before" integer DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"muted_until" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"community_id" integer,
	"name" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"avatar" text,
	"channel_kind" text DEFAULT 'text' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "receiver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "system" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pinned_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "forwarded_from_user_id" integer;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "conversation_members" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "conversations_community_idx" ON "conversations" USING btree ("community_id","position");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_forwarded_from_user_id_users_id_fk" FOREIGN KEY ("forwarded_from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id") WHERE "messages"."conversation_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_pinned_idx" ON "messages" USING btree ("conversation_id","receiver_id","sender_id") WHERE "messages"."pinned_at" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_one_place" CHECK (("messages"."receiver_id" is null) <> ("messages"."conversation_id" is null));--> statement-breakpoint
-- A conversation's messages go with it (no foreign key on messages: see the schema).
CREATE FUNCTION "messages_of_deleted_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "messages" WHERE "conversation_id" = OLD."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_of_deleted_conversation" AFTER DELETE ON "conversations" FOR EACH ROW EXECUTE FUNCTION "messages_of_deleted_conversation"();
--> statement-breakpoint
-- Every community has the channel it was made with: the community chat the spec describes.
INSERT INTO "conversations" ("kind", "community_id", "name", "position", "created_by", "created_at")
SELECT 'channel', "id", 'general', 0, "owner_id", "created_at" FROM "communities" ORDER BY "id";
