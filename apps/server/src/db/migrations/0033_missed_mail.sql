ALTER TABLE "push_preferences" ADD COLUMN "missed_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "missed_mails" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "missed_mails" ADD CONSTRAINT "missed_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
