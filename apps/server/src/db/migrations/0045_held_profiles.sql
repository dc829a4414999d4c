-- A member's new display name and bio that a 'hold' filter keeps for review ('held': the member sees them on their own
-- settings, everyone else keeps seeing users.full_name and users.bio until a moderator releases them) or that the
-- instance's moderators turned down ('removed': kept, seen by nobody, so an upheld appeal applies them). One per
-- member: a later edit replaces it.
CREATE TABLE "held_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"full_name" text,
	"bio" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_profiles_state_check" CHECK ("state" IN ('held', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "held_profiles" ADD CONSTRAINT "held_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The held queue reads the held ones oldest first.
CREATE INDEX "held_profiles_state_idx" ON "held_profiles" USING btree ("state", "created_at");
