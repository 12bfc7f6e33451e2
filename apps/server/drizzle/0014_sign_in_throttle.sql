-- Failed sign-ins slow an account down instead of locking it: counted per key (an e-mail as typed, or
-- a browser its operator signed in from before) with the time the next attempt may be made. The
-- counters of the old lock are transient and are not carried over.
DROP TABLE "sign_in_failures" CASCADE;
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp (3) with time zone NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_at_idx" ON "sign_in_failures" USING btree ("last_failed_at");