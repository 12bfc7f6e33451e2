-- The spreadsheet imports of business accounts (docs/decisions/0057): who imported, when, and the
-- tracking codes made, in the file's order, for the import's labels.
CREATE TABLE "account_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"member_id" uuid,
	"tracking_codes" text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_account_id_customer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_member_id_account_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."account_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_imports_account_id_idx" ON "account_imports" USING btree ("account_id","created_at");