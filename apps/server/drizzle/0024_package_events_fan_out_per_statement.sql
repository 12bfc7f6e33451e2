-- Each package event gets a delivery row for every registered consumer, as migration 0018 has it, now
-- once a statement for all the rows it inserted (a batch of a driver's events records hundreds in one
-- statement; the trigger run once a row cost more than the insert itself).
DROP TRIGGER "package_events_fan_out" ON "package_events";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "package_events_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_deliveries" ("consumer", "event_id")
    SELECT c."name", n."id" FROM new_rows n CROSS JOIN "event_consumers" c ORDER BY n."id", c."name";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "package_events_fan_out" AFTER INSERT ON "package_events"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_events_fan_out"();
