-- What the road tells operators (docs/decisions/0048): a driver's note on a failed attempt or alone, the
-- attempt's reason and its photo, kept on the applied event; never read by the tracking answers.
ALTER TABLE "driver_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "driver_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "driver_events" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "driver_events" ADD COLUMN "photo_thumbnail_key" text;--> statement-breakpoint
-- Attempts applied before this migration: the reason their location update kept, at the attempt's time.
UPDATE "driver_events" AS e SET "reason" = u."attempt_reason"
  FROM "location_updates" AS u
  WHERE e."type" = 'attempt_failed' AND e."outcome" = 'applied'
    AND u."package_id" = e."package_id" AND u."timestamp" = e."at" AND u."attempt_reason" IS NOT NULL;
