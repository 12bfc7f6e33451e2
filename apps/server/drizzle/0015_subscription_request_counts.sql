-- Requests for e-mail updates per recipient mailbox (a keyed hash of it), in a fixed window, whatever
-- the package: what bounds the confirmation e-mails one inbox can be sent.
CREATE TABLE "subscription_request_counts" (
	"mailbox_hash" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp (3) with time zone NOT NULL
);
