-- What drivers did on the road, each stored under the id their phone made, with its first result; and
-- the delivery settings an admin sets (one row; the defaults until saved).
CREATE TABLE "delivery_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"depot_location" text NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"failure_reasons" text[] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "driver_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"driver_id" uuid NOT NULL,
	"package_id" uuid,
	"tracking_code" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"body_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_events" ADD CONSTRAINT "driver_events_driver_id_operators_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_events_package_id_type_idx" ON "driver_events" USING btree ("package_id","type");--> statement-breakpoint
CREATE INDEX "driver_events_driver_id_tracking_code_idx" ON "driver_events" USING btree ("driver_id","tracking_code");