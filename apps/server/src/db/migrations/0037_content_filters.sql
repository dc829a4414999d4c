-- Running an instance (issue 40): the words and link domains an admin refuses in posts, comments, names, bios, messages.
ALTER TABLE "instance_settings" ADD COLUMN "filters" jsonb DEFAULT '[]'::jsonb NOT NULL;
