-- How the recipient or the sender wants a package delivered, set on the tracking page once checked
-- (docs/decisions/0049): instructions for the driver and a safe place, one row a package, gone with it.
CREATE TABLE "delivery_preferences" (
	"package_id" uuid PRIMARY KEY NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"safe_place" text DEFAULT 'none' NOT NULL,
	"neighbour_name" text,
	"neighbour_house" text,
	"set_by" text NOT NULL,
	"set_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_preferences" ADD CONSTRAINT "delivery_preferences_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;