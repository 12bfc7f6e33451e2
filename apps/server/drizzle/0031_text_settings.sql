-- Text settings (docs/decisions/0054): the admin's quiet hours in an IANA time zone and the journey's texts
-- switched off, one row once saved; and the indexes of the console's Messages page (newest first, by state).
CREATE TABLE "text_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	"quiet_start" text NOT NULL,
	"quiet_end" text NOT NULL,
	"kinds_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_settings_single_row" CHECK ("text_settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "text_messages_created_at_idx" ON "text_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "text_messages_state_created_at_idx" ON "text_messages" USING btree ("state","created_at");