-- Issue 36 item 2: a webhook is one hop — publish writes each endpoint's delivery and its job in the change's own
-- transaction (integrations' in-transaction subscriber); the outbox subscriber `webhooks` and its queue
-- `event:webhooks` are gone. Its jobs still waiting (or failed, for staff's retry) are carried over now: their
-- deliveries and jobs made as the old hop would have, then the hop's jobs marked done (nothing serves that queue).
WITH "made" AS (
  INSERT INTO "webhook_deliveries" ("endpoint_id", "event_id", "event_name")
  SELECT e."id", d."id", d."name"
  FROM "jobs" j
  JOIN "domain_events" d ON d."id" = j."payload"->>'eventId'
  JOIN "webhook_endpoints" e ON e."active" AND d."name" = ANY(e."events")
  WHERE j."queue" = 'event:webhooks' AND j."state" IN ('pending', 'failed')
  ON CONFLICT ("endpoint_id", "event_id") DO NOTHING
  RETURNING "id"
)
INSERT INTO "jobs" ("queue", "payload", "key", "max_attempts")
SELECT 'webhook', jsonb_build_object('deliveryId', "id"), "id"::text, 40 FROM "made"
ON CONFLICT ("queue", "key") DO NOTHING;--> statement-breakpoint
UPDATE "jobs" SET "state" = 'done', "done_at" = now(), "locked_until" = NULL, "last_error" = NULL
WHERE "queue" = 'event:webhooks' AND "state" IN ('pending', 'failed');
