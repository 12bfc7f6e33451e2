-- Each try of a visitor to prove they are a package's sender or recipient (docs/decisions/0049): the
-- code, the client's address and the outcome, never the digits; the wrong tries of the last hour make
-- the budget, per code and per address, counted by every process alike.
CREATE TABLE "package_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_code" text NOT NULL,
	"client" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "package_checks_tracking_code_at_idx" ON "package_checks" USING btree ("tracking_code","at");--> statement-breakpoint
CREATE INDEX "package_checks_client_at_idx" ON "package_checks" USING btree ("client","at");--> statement-breakpoint
CREATE INDEX "package_checks_at_idx" ON "package_checks" USING btree ("at");