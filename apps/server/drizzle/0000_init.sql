-- Trigram matching for the console search (trusted extension since PostgreSQL 13: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"watsapp" text DEFAULT '' NOT NULL,
	"address" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name1" text NOT NULL,
	"name2" text NOT NULL,
	"name3" text NOT NULL,
	"price1" double precision NOT NULL,
	"price2" double precision NOT NULL,
	"price3" double precision NOT NULL,
	"description1" text DEFAULT '' NOT NULL,
	"description2" text DEFAULT '' NOT NULL,
	"description3" text DEFAULT '' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"location" text NOT NULL,
	"timestamp" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_code" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"pickup_location" text NOT NULL,
	"rname" text NOT NULL,
	"remail" text NOT NULL,
	"rphone" text NOT NULL,
	"destination" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"weight" double precision NOT NULL,
	"dimension_unit" text NOT NULL,
	"length" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"estimated_delivery" timestamp (3) with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(tracking_code || ' ' || name || ' ' || rname || ' ' || email || ' ' || remail || ' ' || phone || ' ' || rphone)) STORED NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_updates" ADD CONSTRAINT "location_updates_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_images" ADD CONSTRAINT "shipment_images_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_operator_id_idx" ON "sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_details_single_row_key" ON "contact_details" USING btree ((true));--> statement-breakpoint
CREATE UNIQUE INDEX "plans_single_row_key" ON "plans" USING btree ((true));--> statement-breakpoint
CREATE INDEX "location_updates_shipment_id_timestamp_idx" ON "location_updates" USING btree ("shipment_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_images_shipment_id_position_key" ON "shipment_images" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_code_key" ON "shipments" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "shipments_status_created_at_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_created_at_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_search_text_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);