-- The receiver's fields and the WhatsApp link under the code's names. A rename keeps every row and
-- what depends on the column: the search text's generated expression and the e-mail index follow it.
ALTER TABLE "shipments" RENAME COLUMN "rname" TO "receiver_name";--> statement-breakpoint
ALTER TABLE "shipments" RENAME COLUMN "remail" TO "receiver_email";--> statement-breakpoint
ALTER TABLE "shipments" RENAME COLUMN "rphone" TO "receiver_phone";--> statement-breakpoint
ALTER INDEX "shipments_remail_lower_idx" RENAME TO "shipments_receiver_email_lower_idx";--> statement-breakpoint
ALTER TABLE "contact_details" RENAME COLUMN "watsapp" TO "whatsapp";
