-- Customers hear about their package by default: the receipt promises a confirmation and the public
-- pages promise e-mails on acceptance, dispatch and delivery. An install that saved its choice keeps
-- it (its row is left as it is, "off" included); one that never saved gets a row saying "on".
ALTER TABLE "mail_settings" ALTER COLUMN "notify_customers" SET DEFAULT true;--> statement-breakpoint
INSERT INTO "mail_settings" ("id", "notify_customers") VALUES (1, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- The public pages word their promise of e-mails by this setting, so a change renders them again.
CREATE TRIGGER "mail_settings_site_content_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mail_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_content_notify"();
