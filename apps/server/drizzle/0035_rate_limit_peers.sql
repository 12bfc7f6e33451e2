-- The server processes that count rate limits on this database, each with the time of its last
-- settlement: how many are alive decides how many hits each may count alone (docs/decisions/0058).
CREATE TABLE "rate_limit_peers" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL
);
