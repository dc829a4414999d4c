ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_receiver_id_users_id_fk";
--> statement-breakpoint
-- The keys' ON DELETE CASCADE, kept for a member's row deleted by hand (the app never deletes one).
CREATE FUNCTION "messages_of_deleted_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "messages" WHERE "sender_id" = OLD."id" OR "receiver_id" = OLD."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_of_deleted_user" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "messages_of_deleted_user"();
