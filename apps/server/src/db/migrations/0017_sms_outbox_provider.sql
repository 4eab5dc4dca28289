ALTER TABLE "sms_outbox" ADD COLUMN "provider" text DEFAULT 'outbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_code" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_ck" CHECK ("sms_outbox"."status" in ('sent', 'failed'));