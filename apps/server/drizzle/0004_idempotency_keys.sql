CREATE TABLE "idempotency_keys" (
	"route" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"owner" uuid NOT NULL,
	"lease_until" timestamp (3) with time zone NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("route","scope","key"),
	CONSTRAINT "idempotency_keys_state_check" CHECK ("idempotency_keys"."state" in ('in_progress', 'done')),
	CONSTRAINT "idempotency_keys_answer_check" CHECK (("idempotency_keys"."state" = 'done') = ("idempotency_keys"."status_code" is not null and "idempotency_keys"."response_body" is not null))
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");