CREATE INDEX "shipments_email_lower_idx" ON "shipments" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "shipments_remail_lower_idx" ON "shipments" USING btree (lower("remail"));