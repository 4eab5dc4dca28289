-- Issue 36 item 1: event deliveries live on the one job queue (lib/jobs.ts). Rows of the outbox still there
-- (pending ones above all) are carried over as jobs of queue event:<subscriber>, key the event id, before it goes.
INSERT INTO "jobs" ("queue", "payload", "key", "state", "run_at", "attempts", "max_attempts", "locked_until", "last_error", "done_at", "created_at")
SELECT 'event:' || "subscriber", jsonb_build_object('eventId', "event_id"), "event_id",
  CASE "status" WHEN 'delivered' THEN 'done' ELSE "status" END,
  "next_at", "attempts", 1000, "lease_until", "last_error", "delivered_at", "created_at"
FROM "outbox"
ON CONFLICT ("queue", "key") DO NOTHING;--> statement-breakpoint
DROP TABLE "outbox" CASCADE;
