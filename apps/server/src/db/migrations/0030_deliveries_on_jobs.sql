-- Issue 36 item 1: webhook deliveries, SMS/WeChat notices and the sandbox's notifications run on the one job
-- queue (lib/jobs.ts). Rows still waiting (and failed ones, for staff's retry) get their job, with their schedule
-- and tries so far, before the tables' own lease and schedule columns go.
INSERT INTO "jobs" ("queue", "payload", "key", "state", "run_at", "attempts", "max_attempts", "last_error", "created_at")
SELECT 'webhook', jsonb_build_object('deliveryId', "id"), "id"::text, "status", "next_at", "attempts", greatest(40, "attempts" + 1), "last_error", "created_at"
FROM "webhook_deliveries" WHERE "status" IN ('pending', 'failed')
ON CONFLICT ("queue", "key") DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("queue", "payload", "key", "state", "run_at", "attempts", "max_attempts", "last_error", "created_at")
SELECT 'notice', jsonb_build_object('noticeId', "id"), "id"::text, "status", "next_at", "attempts", greatest(8, "attempts" + 1), "last_error", "created_at"
FROM "notice_jobs" WHERE "status" IN ('pending', 'failed')
ON CONFLICT ("queue", "key") DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("queue", "payload", "key", "state", "run_at", "attempts", "max_attempts", "last_error", "created_at")
SELECT 'sandbox-notify', jsonb_build_object('deliveryId', "id"), "id"::text, CASE WHEN "attempts" >= 52 THEN 'failed' ELSE 'pending' END,
  "next_attempt_at", "attempts", greatest(40, "attempts" + 1), CASE WHEN "last_status" IS NULL THEN NULL ELSE 'http-' || "last_status" END, "created_at"
FROM "sandbox_deliveries" WHERE "delivered_at" IS NULL
ON CONFLICT ("queue", "key") DO NOTHING;--> statement-breakpoint
DROP INDEX "notice_jobs_due_idx";--> statement-breakpoint
DROP INDEX "sandbox_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "notice_jobs" DROP COLUMN "lease_until";--> statement-breakpoint
ALTER TABLE "sandbox_deliveries" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "lease_until";