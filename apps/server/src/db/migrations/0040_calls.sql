-- One-to-one calls (issue 42 item 2). A call's record, and who is in a call now: a member has at most one row in
-- call_parties, so two processes ringing the same member at once cannot both win (the second is busy).
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"callee_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"media" text NOT NULL CHECK ("media" IN ('audio', 'video')),
	"state" text DEFAULT 'ringing' NOT NULL CHECK ("state" IN ('ringing', 'active', 'ended', 'declined', 'missed', 'busy')),
	"caller_socket" text NOT NULL,
	"callee_socket" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "calls_caller_idx" ON "calls" USING btree ("caller_id");
--> statement-breakpoint
CREATE INDEX "calls_callee_idx" ON "calls" USING btree ("callee_id");
--> statement-breakpoint
CREATE TABLE "call_parties" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"call_id" uuid NOT NULL REFERENCES "calls"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "call_parties_call_idx" ON "call_parties" USING btree ("call_id");
