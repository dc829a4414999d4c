CREATE TABLE "presence_processes" (
	"process_id" uuid PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL,
	"member_ids" integer[] NOT NULL
);
