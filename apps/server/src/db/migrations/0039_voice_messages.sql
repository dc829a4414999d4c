-- Voice messages (issue 42): a message whose file is a recorded voice note keeps the length and the waveform the
-- server read from the decoded audio. Both set together or neither; the waveform is 64 one-byte peaks in base64.
ALTER TABLE "messages" ADD COLUMN "voice_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_waveform" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_voice_whole" CHECK (("voice_duration_ms" is null) = ("voice_waveform" is null));
