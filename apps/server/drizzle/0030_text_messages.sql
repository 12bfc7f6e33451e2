-- Text messages (docs/decisions/0053): every text queued for a package's receiver, one per package, event
-- and number, with its state from queued to the provider's last receipt; and the numbers that replied
-- STOP.
CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"number" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_id" text,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_state" CHECK ("text_messages"."state" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered')),
	CONSTRAINT "text_messages_channel" CHECK ("text_messages"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"number" text PRIMARY KEY NOT NULL,
	"since" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_messages" ADD CONSTRAINT "text_messages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_event_number_key" ON "text_messages" USING btree ("package_id","event_key","number");--> statement-breakpoint
CREATE INDEX "text_messages_due_idx" ON "text_messages" USING btree ("next_attempt_at") WHERE "text_messages"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "text_messages_sending_idx" ON "text_messages" USING btree ("updated_at") WHERE "text_messages"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "text_messages_number_idx" ON "text_messages" USING btree ("number");--> statement-breakpoint
CREATE INDEX "text_messages_provider_id_idx" ON "text_messages" USING btree ("provider_id");