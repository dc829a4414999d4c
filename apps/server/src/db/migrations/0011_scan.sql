CREATE TABLE "member_locations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cell" text NOT NULL,
	"visible_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "location_visibility" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_locations" ADD CONSTRAINT "member_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_locations_cell_idx" ON "member_locations" USING btree ("cell","visible_until");