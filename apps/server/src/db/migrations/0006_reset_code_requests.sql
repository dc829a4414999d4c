CREATE TABLE "reset_code_requests" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"sent_in_window" integer NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL
);
