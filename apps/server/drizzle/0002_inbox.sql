CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_kind_check" CHECK ("inbox_items"."kind" in ('support', 'contact', 'account')),
	CONSTRAINT "inbox_items_state_check" CHECK ("inbox_items"."state" in ('new', 'handled')),
	CONSTRAINT "inbox_items_password_hash_check" CHECK (("inbox_items"."kind" = 'account') = ("inbox_items"."password_hash" is not null))
);
--> statement-breakpoint
CREATE INDEX "inbox_items_created_at_idx" ON "inbox_items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_items_state_created_at_idx" ON "inbox_items" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_items_kind_state_created_at_idx" ON "inbox_items" USING btree ("kind","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);