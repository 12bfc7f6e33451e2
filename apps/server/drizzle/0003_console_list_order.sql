DROP INDEX "shipments_status_created_at_idx";--> statement-breakpoint
DROP INDEX "shipments_created_at_idx";--> statement-breakpoint
CREATE INDEX "shipments_status_created_at_id_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_created_at_id_idx" ON "shipments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);