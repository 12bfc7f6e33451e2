-- Business customers (docs/decisions/0057): accounts made from approved account requests, the people
-- who sign in to them (with their own one-time links and sessions, apart from operators'), their API
-- keys for /api/v1 (kept only as SHA-256 hashes), and the account a package was shipped by.
CREATE TABLE "account_member_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_member_tokens_purpose_check" CHECK ("account_member_tokens"."purpose" in ('invite', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "account_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"password_hash" text,
	"last_sign_in_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_members_role_check" CHECK ("account_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "account_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"address" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"inbox_item_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_accounts_status_check" CHECK ("customer_accounts"."status" in ('active', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "account_member_tokens" ADD CONSTRAINT "account_member_tokens_member_id_account_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."account_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sessions" ADD CONSTRAINT "account_sessions_member_id_account_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."account_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_account_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_inbox_item_id_inbox_items_id_fk" FOREIGN KEY ("inbox_item_id") REFERENCES "public"."inbox_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_member_tokens_token_hash_key" ON "account_member_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_member_tokens_member_id_idx" ON "account_member_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_members_email_key" ON "account_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "account_members_account_id_idx" ON "account_members" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_sessions_token_hash_key" ON "account_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_sessions_member_id_idx" ON "account_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "account_sessions_expires_at_idx" ON "account_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_id_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_accounts_inbox_item_id_key" ON "customer_accounts" USING btree ("inbox_item_id");--> statement-breakpoint
CREATE INDEX "customer_accounts_created_at_id_idx" ON "customer_accounts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_account_id_created_at_id_idx" ON "packages" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "packages"."account_id" is not null;