-- Another delivery day (docs/decisions/0050): the admin's working weekdays and holidays in the delivery
-- settings (Monday to Friday and none until saved), and the day a recipient or a sender chose, with the
-- estimated delivery it replaced, in the package's delivery_preferences row.
ALTER TABLE "delivery_preferences" ADD COLUMN "delivery_day" date;--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD COLUMN "estimated_before" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "working_days" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "holidays" date[] DEFAULT '{}'::date[] NOT NULL;