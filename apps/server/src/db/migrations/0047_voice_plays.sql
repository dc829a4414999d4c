-- Which voice notes each member played (issue 42): one row per member and note, on every device of theirs, and the
-- sender sees that someone listened. Only voice notes get rows; a deleted message takes its rows along.
CREATE TABLE "voice_plays" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_plays_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "voice_plays" ADD CONSTRAINT "voice_plays_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_plays" ADD CONSTRAINT "voice_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
