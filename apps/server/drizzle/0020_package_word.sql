-- "Package" is the one word for the thing, in the database as in the code and the site: the tables,
-- their reference columns, indexes, constraints, triggers and functions say it. Renames keep every row;
-- the function whose body names the table is written again.
ALTER TABLE "shipments" RENAME TO "packages";--> statement-breakpoint
ALTER TABLE "shipment_images" RENAME TO "package_images";--> statement-breakpoint
ALTER TABLE "package_images" RENAME COLUMN "shipment_id" TO "package_id";--> statement-breakpoint
ALTER TABLE "location_updates" RENAME COLUMN "shipment_id" TO "package_id";--> statement-breakpoint
ALTER TABLE "delivery_proofs" RENAME COLUMN "shipment_id" TO "package_id";--> statement-breakpoint
ALTER TABLE "tracking_subscriptions" RENAME COLUMN "shipment_id" TO "package_id";--> statement-breakpoint
ALTER TABLE "mail_outbox" RENAME COLUMN "shipment_id" TO "package_id";--> statement-breakpoint
ALTER INDEX "shipments_pkey" RENAME TO "packages_pkey";--> statement-breakpoint
ALTER INDEX "shipment_images_pkey" RENAME TO "package_images_pkey";--> statement-breakpoint
ALTER INDEX "location_updates_shipment_id_timestamp_idx" RENAME TO "location_updates_package_id_timestamp_idx";--> statement-breakpoint
ALTER INDEX "shipment_images_shipment_id_position_key" RENAME TO "package_images_package_id_position_key";--> statement-breakpoint
ALTER INDEX "shipments_created_at_id_idx" RENAME TO "packages_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "shipments_email_lower_idx" RENAME TO "packages_email_lower_idx";--> statement-breakpoint
ALTER INDEX "shipments_estimated_delivery_idx" RENAME TO "packages_estimated_delivery_idx";--> statement-breakpoint
ALTER INDEX "shipments_open_created_at_id_idx" RENAME TO "packages_open_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "shipments_receiver_email_lower_idx" RENAME TO "packages_receiver_email_lower_idx";--> statement-breakpoint
ALTER INDEX "shipments_search_text_trgm_idx" RENAME TO "packages_search_text_trgm_idx";--> statement-breakpoint
ALTER INDEX "shipments_status_created_at_id_idx" RENAME TO "packages_status_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "shipments_status_updated_at_id_idx" RENAME TO "packages_status_updated_at_id_idx";--> statement-breakpoint
ALTER INDEX "shipments_tracking_code_key" RENAME TO "packages_tracking_code_key";--> statement-breakpoint
ALTER INDEX "shipments_updated_at_id_idx" RENAME TO "packages_updated_at_id_idx";--> statement-breakpoint
ALTER INDEX "tracking_subscriptions_shipment_email_key" RENAME TO "tracking_subscriptions_package_email_key";--> statement-breakpoint
ALTER INDEX "tracking_subscriptions_shipment_status_idx" RENAME TO "tracking_subscriptions_package_status_idx";--> statement-breakpoint
ALTER TABLE "location_updates" RENAME CONSTRAINT "location_updates_shipment_id_shipments_id_fk" TO "location_updates_package_id_packages_id_fk";--> statement-breakpoint
ALTER TABLE "package_images" RENAME CONSTRAINT "shipment_images_shipment_id_shipments_id_fk" TO "package_images_package_id_packages_id_fk";--> statement-breakpoint
ALTER TABLE "mail_outbox" RENAME CONSTRAINT "mail_outbox_shipment_id_shipments_id_fk" TO "mail_outbox_package_id_packages_id_fk";--> statement-breakpoint
ALTER TABLE "delivery_proofs" RENAME CONSTRAINT "delivery_proofs_shipment_id_shipments_id_fk" TO "delivery_proofs_package_id_packages_id_fk";--> statement-breakpoint
ALTER TABLE "tracking_subscriptions" RENAME CONSTRAINT "tracking_subscriptions_shipment_id_shipments_id_fk" TO "tracking_subscriptions_package_id_packages_id_fk";--> statement-breakpoint
-- Any other constraint named after the old word (PGlite names its NOT NULL constraints too).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conrelid::regclass::text AS owner, conname FROM pg_constraint
            WHERE connamespace = 'public'::regnamespace AND conname LIKE '%shipment%' LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.owner, c.conname, replace(c.conname, 'shipment', 'package'));
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TRIGGER "shipments_tracking_notify_insert" ON "packages" RENAME TO "packages_tracking_notify_insert";--> statement-breakpoint
ALTER TRIGGER "shipments_tracking_notify_delete" ON "packages" RENAME TO "packages_tracking_notify_delete";--> statement-breakpoint
ALTER TRIGGER "shipments_tracking_notify_update" ON "packages" RENAME TO "packages_tracking_notify_update";--> statement-breakpoint
ALTER FUNCTION "shipments_tracking_notify"() RENAME TO "packages_tracking_notify";--> statement-breakpoint
ALTER FUNCTION "shipment_child_tracking_notify"() RENAME TO "package_child_tracking_notify";--> statement-breakpoint
-- Location updates and delivery proofs: the package's code through its package_id.
CREATE OR REPLACE FUNCTION "package_child_tracking_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT DISTINCT p."tracking_code" FROM new_rows r JOIN "packages" p ON p."id" = r."package_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT DISTINCT p."tracking_code" FROM old_rows r JOIN "packages" p ON p."id" = r."package_id"));
  ELSE
    PERFORM "tracking_notify_codes"(ARRAY(
      SELECT p."tracking_code" FROM new_rows r JOIN "packages" p ON p."id" = r."package_id"
      UNION
      SELECT p."tracking_code" FROM old_rows r JOIN "packages" p ON p."id" = r."package_id"));
  END IF;
  RETURN NULL;
END;
$$;
