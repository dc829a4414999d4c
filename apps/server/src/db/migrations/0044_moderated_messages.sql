-- Messages of every kind (direct, group, channel) that a 'hold' filter keeps for review ('held': seen by their sender
-- alone until a moderator releases them) or that the instance's moderators took down ('removed': shown to everyone as
-- removed). A removed message's row is emptied as a deletion empties it; what it said and the file it carried are kept
-- here instead, read by no one, so an upheld appeal puts them back as they were.
CREATE TABLE "moderated_messages" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"state" text NOT NULL,
	"text" text,
	"media_url" text,
	"media_type" text,
	"file_name" text,
	"voice_duration_ms" integer,
	"voice_waveform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderated_messages_state_check" CHECK ("state" IN ('held', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "moderated_messages" ADD CONSTRAINT "moderated_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderated_messages" ADD CONSTRAINT "moderated_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The held queue reads the held messages oldest first.
CREATE INDEX "moderated_messages_state_idx" ON "moderated_messages" USING btree ("state", "created_at");
