-- The road on the tracking page: a location update that is a driver's failed delivery attempt keeps its
-- reason, and the tracking answers of a run's stops are dropped whenever how many stops lie before them
-- may have changed.
ALTER TABLE "location_updates" ADD COLUMN "attempt_reason" text;--> statement-breakpoint
-- Attempts recorded before this migration: the update a failed attempt added, at the attempt's time.
UPDATE "location_updates" AS u SET "attempt_reason" = substr(u."location", 21)
  WHERE u."location" LIKE 'Delivery attempted: %'
    AND EXISTS (SELECT 1 FROM "driver_events" e
      WHERE e."package_id" = u."package_id" AND e."type" = 'attempt_failed' AND e."outcome" = 'applied'
        AND e."at" = u."timestamp");
--> statement-breakpoint
-- NOTIFY "tracking_changed" for the stops after these packages on their runs of about today (a day either
-- side: the database's date and the server's zone may differ) whose packages are Out for Delivery, the
-- only ones whose answers count the stops before them. Past and later days' runs count nothing.
CREATE FUNCTION "tracking_notify_later_stops"(package_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(package_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM "tracking_notify_codes"(ARRAY(
    SELECT DISTINCT p."tracking_code"
    FROM "run_stops" s
    JOIN "run_stops" l ON l."run_id" = s."run_id" AND l."position" > s."position"
    JOIN "packages" p ON p."id" = l."package_id"
    WHERE s."package_id" = ANY(package_ids)
      AND s."day" BETWEEN current_date - 1 AND current_date + 1
      AND p."status" = 'Out for Delivery'));
END;
$$;
--> statement-breakpoint
-- A stop delivered, returned or otherwise changing status: the stops after it.
CREATE FUNCTION "packages_later_stops_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tracking_notify_later_stops"(ARRAY(
    SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE n."status" IS DISTINCT FROM o."status"));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "packages_later_stops_notify_update" AFTER UPDATE ON "packages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "packages_later_stops_notify"();
--> statement-breakpoint
-- A failed attempt recorded or removed: the stops after its package.
CREATE FUNCTION "location_updates_later_stops_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_notify_later_stops"(ARRAY(
      SELECT DISTINCT "package_id" FROM new_rows WHERE "attempt_reason" IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_notify_later_stops"(ARRAY(
      SELECT DISTINCT "package_id" FROM old_rows WHERE "attempt_reason" IS NOT NULL));
  ELSE
    PERFORM "tracking_notify_later_stops"(ARRAY(
      SELECT "package_id" FROM new_rows WHERE "attempt_reason" IS NOT NULL
      UNION
      SELECT "package_id" FROM old_rows WHERE "attempt_reason" IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "location_updates_later_stops_notify_insert" AFTER INSERT ON "location_updates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "location_updates_later_stops_notify"();
--> statement-breakpoint
CREATE TRIGGER "location_updates_later_stops_notify_delete" AFTER DELETE ON "location_updates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "location_updates_later_stops_notify"();
--> statement-breakpoint
CREATE TRIGGER "location_updates_later_stops_notify_update" AFTER UPDATE ON "location_updates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "location_updates_later_stops_notify"();
--> statement-breakpoint
-- Stops added, removed, reordered or moved to another day: every stop of the runs touched that is Out
-- for Delivery, and the packages the changed stops hold (one taken off its run counts no stops any more);
-- runs of about today only.
CREATE FUNCTION "tracking_notify_run_stops"(run_ids uuid[], package_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(run_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM "tracking_notify_codes"(ARRAY(
    SELECT p."tracking_code" FROM "run_stops" s JOIN "packages" p ON p."id" = s."package_id"
    WHERE s."run_id" = ANY(run_ids) AND p."status" = 'Out for Delivery'
    UNION
    SELECT p."tracking_code" FROM "packages" p
    WHERE p."id" = ANY(package_ids) AND p."status" = 'Out for Delivery'));
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "run_stops_tracking_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_notify_run_stops"(
      ARRAY(SELECT DISTINCT "run_id" FROM new_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1),
      ARRAY(SELECT "package_id" FROM new_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_notify_run_stops"(
      ARRAY(SELECT DISTINCT "run_id" FROM old_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1),
      ARRAY(SELECT "package_id" FROM old_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1));
  ELSE
    PERFORM "tracking_notify_run_stops"(
      ARRAY(SELECT "run_id" FROM new_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1
            UNION SELECT "run_id" FROM old_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1),
      ARRAY(SELECT "package_id" FROM new_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1
            UNION SELECT "package_id" FROM old_rows WHERE "day" BETWEEN current_date - 1 AND current_date + 1));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "run_stops_tracking_notify_insert" AFTER INSERT ON "run_stops"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "run_stops_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "run_stops_tracking_notify_delete" AFTER DELETE ON "run_stops"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "run_stops_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "run_stops_tracking_notify_update" AFTER UPDATE ON "run_stops"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "run_stops_tracking_notify"();
