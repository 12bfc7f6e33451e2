CREATE TABLE "attention_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"pending_hours" integer DEFAULT 24 NOT NULL,
	"stale_hours" integer DEFAULT 48 NOT NULL,
	"late_hours" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_settings_single_row" CHECK ("attention_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_proofs" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"received_by" text NOT NULL,
	"photo_key" text,
	"photo_thumbnail_key" text,
	"signature_key" text,
	"recorded_by" uuid,
	"delivered_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"email_hash" text NOT NULL,
	"email_sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp (3) with time zone,
	"unsubscribe_token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"unsubscribed_at" timestamp (3) with time zone,
	CONSTRAINT "tracking_subscriptions_status_check" CHECK ("tracking_subscriptions"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_subscriptions" ADD CONSTRAINT "tracking_subscriptions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_subscriptions_shipment_email_key" ON "tracking_subscriptions" USING btree ("shipment_id","email_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_subscriptions_confirm_token_key" ON "tracking_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_subscriptions_unsubscribe_token_key" ON "tracking_subscriptions" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "tracking_subscriptions_shipment_status_idx" ON "tracking_subscriptions" USING btree ("shipment_id","status");--> statement-breakpoint
CREATE INDEX "shipments_estimated_delivery_idx" ON "shipments" USING btree ("estimated_delivery");--> statement-breakpoint
-- Per-status package counts, kept in the same transaction as every insert, delete and status change of a
-- package (statement triggers with transition tables: one row per status touched, in status order so two
-- transactions lock the counters in the same order). TRUNCATE clears them; restore refills them by inserting.
CREATE FUNCTION "package_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "package_status_counts" AS c ("status", "count")
      SELECT "status", count(*) FROM new_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "count" = c."count" + EXCLUDED."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "package_status_counts" AS c ("status", "count")
      SELECT "status", -count(*) FROM old_rows GROUP BY "status" ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "count" = c."count" + EXCLUDED."count";
  ELSE
    INSERT INTO "package_status_counts" AS c ("status", "count")
      SELECT "status", sum("delta") FROM (
        SELECT "status", 1 AS "delta" FROM new_rows
        UNION ALL
        SELECT "status", -1 AS "delta" FROM old_rows
      ) AS d
      GROUP BY "status" HAVING sum("delta") <> 0 ORDER BY "status"
      ON CONFLICT ("status") DO UPDATE SET "count" = c."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "package_status_counts_insert" AFTER INSERT ON "shipments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_status_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "package_status_counts_delete" AFTER DELETE ON "shipments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_status_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "package_status_counts_update" AFTER UPDATE ON "shipments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "package_status_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "package_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "package_status_counts";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "package_status_counts_truncate" AFTER TRUNCATE ON "shipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "package_status_counts_clear"();
--> statement-breakpoint
INSERT INTO "package_status_counts" ("status", "count") SELECT "status", count(*) FROM "shipments" GROUP BY "status";
--> statement-breakpoint
-- What a public tracking answer is made of changed: NOTIFY "tracking_changed" with the tracking code, sent
-- when the transaction commits, so every server process drops its cached answer. More than 100 codes in
-- one statement (a seed, a restore) send "*": drop everything.
CREATE FUNCTION "tracking_notify_codes"(codes text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  code text;
BEGIN
  IF cardinality(codes) > 100 THEN
    PERFORM pg_notify('tracking_changed', '*');
    RETURN;
  END IF;
  FOREACH code IN ARRAY codes LOOP
    PERFORM pg_notify('tracking_changed', code);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "shipments_tracking_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_notify_codes"(ARRAY(SELECT DISTINCT "tracking_code" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_notify_codes"(ARRAY(SELECT DISTINCT "tracking_code" FROM old_rows));
  ELSE
    PERFORM "tracking_notify_codes"(ARRAY(SELECT "tracking_code" FROM new_rows UNION SELECT "tracking_code" FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "shipments_tracking_notify_insert" AFTER INSERT ON "shipments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipments_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "shipments_tracking_notify_delete" AFTER DELETE ON "shipments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipments_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "shipments_tracking_notify_update" AFTER UPDATE ON "shipments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipments_tracking_notify"();
--> statement-breakpoint
-- Location updates and delivery proofs: the package's code through its shipment_id.
CREATE FUNCTION "shipment_child_tracking_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT DISTINCT s."tracking_code" FROM new_rows r JOIN "shipments" s ON s."id" = r."shipment_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT DISTINCT s."tracking_code" FROM old_rows r JOIN "shipments" s ON s."id" = r."shipment_id"));
  ELSE
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT s."tracking_code" FROM new_rows r JOIN "shipments" s ON s."id" = r."shipment_id"
      UNION
      SELECT s."tracking_code" FROM old_rows r JOIN "shipments" s ON s."id" = r."shipment_id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "location_updates_tracking_notify_insert" AFTER INSERT ON "location_updates"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "location_updates_tracking_notify_delete" AFTER DELETE ON "location_updates"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "location_updates_tracking_notify_update" AFTER UPDATE ON "location_updates"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_proofs_tracking_notify_insert" AFTER INSERT ON "delivery_proofs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_proofs_tracking_notify_delete" AFTER DELETE ON "delivery_proofs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
--> statement-breakpoint
CREATE TRIGGER "delivery_proofs_tracking_notify_update" AFTER UPDATE ON "delivery_proofs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shipment_child_tracking_notify"();
