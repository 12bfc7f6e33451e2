-- What the public pages show changed (the plan or the contact details): NOTIFY "site_content_changed",
-- sent when the transaction commits, so every server process renders its pages again.
CREATE FUNCTION "site_content_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plans_site_content_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_content_notify"();
--> statement-breakpoint
CREATE TRIGGER "contact_details_site_content_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_content_notify"();
