-- The server's command-line tools (npm run operator) record their changes in the audit log as an actor
-- of their own, "command-line".
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('operator', 'customer', 'system', 'command-line'));