CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"consumer" text NOT NULL,
	"event_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"handled_at" timestamp (3) with time zone,
	CONSTRAINT "event_deliveries_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"package_id" uuid NOT NULL,
	"tracking_code" text NOT NULL,
	"actor" jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_package_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."package_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("consumer","next_attempt_at","event_id") WHERE "event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "package_events_package_idx" ON "package_events" USING btree ("package_id","id");--> statement-breakpoint
-- Each event gets a delivery row for every registered consumer, in the event's own transaction.
CREATE FUNCTION "package_events_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_deliveries" ("consumer", "event_id") SELECT "name", NEW."id" FROM "event_consumers";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "package_events_fan_out" AFTER INSERT ON "package_events"
  FOR EACH ROW EXECUTE FUNCTION "package_events_fan_out"();--> statement-breakpoint
-- Wakes the dispatchers of every process once the transaction commits.
CREATE FUNCTION "package_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('package_events', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "package_events_notify" AFTER INSERT ON "package_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_events_notify"();--> statement-breakpoint
-- The consumers the server has from the start: they hear every event from the first one.
INSERT INTO "event_consumers" ("name") VALUES ('mail') ON CONFLICT ("name") DO NOTHING;
