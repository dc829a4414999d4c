-- Running an instance (issue 40): an admin may make sign-up take a solved proof-of-work challenge (altcha).
ALTER TABLE "instance_settings" ADD COLUMN "proof_of_work" boolean DEFAULT false NOT NULL;