-- Link previews (issue 42): the sender removed the preview before sending; the message is presented without one.
ALTER TABLE "messages" ADD COLUMN "link_preview_off" boolean DEFAULT false NOT NULL;
