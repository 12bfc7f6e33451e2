-- A third role: drivers, who use only the driver app.
ALTER TABLE "operators" DROP CONSTRAINT "operators_role_check";--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_check" CHECK ("operators"."role" in ('admin', 'operator', 'driver'));--> statement-breakpoint
CREATE TABLE "run_stops" (
	"run_id" uuid NOT NULL,
	"day" date NOT NULL,
	"package_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "run_stops_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The stops' foreign key names a run and its day: the unique index it needs comes first.
CREATE UNIQUE INDEX "runs_id_day_key" ON "runs" USING btree ("id","day");--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_stops" ADD CONSTRAINT "run_stops_run_id_day_runs_id_day_fk" FOREIGN KEY ("run_id","day") REFERENCES "public"."runs"("id","day") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_driver_id_operators_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "run_stops_package_id_day_key" ON "run_stops" USING btree ("package_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "runs_driver_id_day_key" ON "runs" USING btree ("driver_id","day");--> statement-breakpoint
CREATE INDEX "runs_day_idx" ON "runs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "packages_run_ready_created_at_id_idx" ON "packages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "packages"."status" in ('Order Placed', 'Package in transit to sorting hub', 'Package in sorting hub', 'Processing', 'Shipped', 'Out for Delivery');