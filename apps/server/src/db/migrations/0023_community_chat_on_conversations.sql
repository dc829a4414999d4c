-- Community chat moves onto the conversation core: every community message becomes a message of its community's
-- first channel (`messages.conversation_id`), its reactions, reports, read positions, Clear chat and mention
-- notifications follow it, and the community's own message tables go. The data moves first; the generated schema
-- changes come after it (drizzle-kit wrote the constraint swap after the table drop, which had taken the constraint).

-- A community made after 0022 by a server that did not make channels yet gets the channel it should have had.
INSERT INTO "conversations" ("kind", "community_id", "name", "position", "created_by", "created_at")
SELECT 'channel', c."id", 'general', 0, c."owner_id", c."created_at" FROM "communities" c
WHERE NOT EXISTS (SELECT 1 FROM "conversations" v WHERE v."kind" = 'channel' AND v."community_id" = c."id")
ORDER BY c."id";
--> statement-breakpoint
-- Each community's first channel, and how far every moved id shifts (the same for all): past every id the messages
-- sequence has handed out, so a moved message keeps its order among the others moved and collides with none.
CREATE TEMPORARY TABLE "community_chat_move" AS
SELECT DISTINCT ON (v."community_id") v."community_id", v."id" AS "channel_id",
  greatest((SELECT "last_value" FROM "messages_id_seq"), (SELECT coalesce(max("id"), 0) FROM "messages")) AS "shift"
FROM "conversations" v
WHERE v."kind" = 'channel'
ORDER BY v."community_id", v."position", v."id";
--> statement-breakpoint
-- A client id is unique per sender across all messages: one a sender had used in private chat too is dropped here
-- (it only made a retry of that send safe, long done).
INSERT INTO "messages" ("id", "sender_id", "conversation_id", "client_id", "text", "media_url", "media_type", "file_name",
  "reply_to_id", "created_at", "edited_at", "deleted_at", "removed_by")
SELECT cm."id" + mv."shift", cm."sender_id", mv."channel_id",
  CASE WHEN EXISTS (SELECT 1 FROM "messages" m WHERE m."sender_id" = cm."sender_id" AND m."client_id" = cm."client_id")
    THEN NULL ELSE cm."client_id" END,
  cm."text", cm."media_url", cm."media_type", cm."file_name",
  cm."reply_to_id" + mv."shift", cm."created_at", cm."edited_at", cm."deleted_at", cm."removed_by"
FROM "community_messages" cm
JOIN "community_chat_move" mv ON mv."community_id" = cm."community_id"
ORDER BY cm."id";
--> statement-breakpoint
SELECT setval('messages_id_seq', greatest((SELECT "last_value" FROM "messages_id_seq"), (SELECT max("id") FROM "messages")));
--> statement-breakpoint
INSERT INTO "message_reactions" ("message_id", "user_id", "emoji", "created_at")
SELECT r."message_id" + mv."shift", r."user_id", r."emoji", r."created_at"
FROM "community_message_reactions" r
JOIN "community_messages" cm ON cm."id" = r."message_id"
JOIN "community_chat_move" mv ON mv."community_id" = cm."community_id";
--> statement-breakpoint
ALTER TABLE "community_reports" DROP CONSTRAINT IF EXISTS "community_reports_message_id_community_messages_id_fk";
--> statement-breakpoint
UPDATE "community_reports" r SET "message_id" = r."message_id" + mv."shift"
FROM "community_chat_move" mv
WHERE r."message_id" IS NOT NULL AND mv."community_id" = r."community_id";
--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Read positions and Clear chat become the first channel's (0 stays 0: nothing read, nothing cleared).
INSERT INTO "conversation_members" ("conversation_id", "user_id", "last_read_id", "cleared_before")
SELECT mv."channel_id", m."user_id",
  CASE WHEN m."last_read_id" > 0 THEN m."last_read_id" + mv."shift" ELSE 0 END,
  CASE WHEN m."cleared_before" > 0 THEN m."cleared_before" + mv."shift" ELSE 0 END
FROM "community_members" m
JOIN "community_chat_move" mv ON mv."community_id" = m."community_id"
WHERE m."state" = 'member' AND (m."last_read_id" > 0 OR m."cleared_before" > 0)
ON CONFLICT ("conversation_id", "user_id") DO UPDATE
  SET "last_read_id" = excluded."last_read_id", "cleared_before" = excluded."cleared_before";
--> statement-breakpoint
-- A mention's notification opens the message it names: the new id, and the channel it is in.
UPDATE "notifications" n
SET "payload" = n."payload" || jsonb_build_object('message_id', (n."payload"->>'message_id')::int + mv."shift", 'channel_id', mv."channel_id")
FROM "community_chat_move" mv
WHERE n."kind" = 'community_mention' AND n."payload" ? 'message_id'
  AND mv."community_id" = (n."payload"->>'community_id')::int;
--> statement-breakpoint
-- The audit log names the message a moderator removed.
UPDATE "community_audit" a
SET "details" = a."details" || jsonb_build_object('message_id', (a."details"->>'message_id')::int + mv."shift")
FROM "community_chat_move" mv
WHERE a."action" = 'message.remove' AND a."details" ? 'message_id' AND mv."community_id" = a."community_id";
--> statement-breakpoint
DROP TABLE "community_chat_move";
--> statement-breakpoint
DROP TABLE "community_message_reactions" CASCADE;--> statement-breakpoint
DROP TABLE "community_messages" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_channel_name_idx" ON "conversations" USING btree ("community_id","name");--> statement-breakpoint
ALTER TABLE "community_members" DROP COLUMN "cleared_before";--> statement-breakpoint
ALTER TABLE "community_members" DROP COLUMN "last_read_id";
