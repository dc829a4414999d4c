-- Sign-up's proof of work: a solved challenge is taken once across every process of the deployment, not once per
-- process. Kept only until the challenge's own expiry.
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
