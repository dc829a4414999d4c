CREATE TABLE "follows" (
	"follower_id" integer NOT NULL,
	"followee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "relationship" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "phone_visibility" text DEFAULT 'followers' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "dob_visibility" text DEFAULT 'followers' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "profile_visibility" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "message_permission" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at");