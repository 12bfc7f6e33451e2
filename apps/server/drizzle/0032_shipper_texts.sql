-- Text updates for shippers and tracking-page subscribers (docs/decisions/0055): the channel a shipper
-- chose on the ship form, and the numbers that asked the tracking page for a package's texts, confirmed
-- by a 6-digit code (kept as a keyed hash).
CREATE TABLE "shipper_texts" (
	"package_id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipper_texts_channel" CHECK ("shipper_texts"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "text_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp (3) with time zone,
	"code_sent_at" timestamp (3) with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_subscriptions_status" CHECK ("text_subscriptions"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "shipper_texts" ADD CONSTRAINT "shipper_texts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_subscriptions" ADD CONSTRAINT "text_subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_subscriptions_package_number_key" ON "text_subscriptions" USING btree ("package_id","number");