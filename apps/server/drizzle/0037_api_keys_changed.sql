-- A key revoked or deleted, or its account changed (closed, or its sender details): NOTIFY
-- "api_keys_changed" with the account's id, sent when the transaction commits, so every server process
-- drops what it keeps of that account's keys ('*' after a TRUNCATE: everything). A key's use (its
-- last_used_at) announces nothing.
CREATE FUNCTION "api_keys_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('api_keys_changed', '*');
  ELSIF TG_TABLE_NAME = 'customer_accounts' THEN
    PERFORM pg_notify('api_keys_changed', OLD."id"::text);
  ELSE
    PERFORM pg_notify('api_keys_changed', OLD."account_id"::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify" AFTER UPDATE OF "revoked_at", "key_hash", "account_id" OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION "api_keys_notify"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_truncate_notify" AFTER TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "api_keys_notify"();
--> statement-breakpoint
CREATE TRIGGER "customer_accounts_api_keys_notify"
  AFTER UPDATE OF "status", "company", "address", "city", "contact_email", "contact_phone" OR DELETE ON "customer_accounts"
  FOR EACH ROW EXECUTE FUNCTION "api_keys_notify"();
--> statement-breakpoint
CREATE TRIGGER "customer_accounts_truncate_api_keys_notify" AFTER TRUNCATE ON "customer_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "api_keys_notify"();
