ALTER TABLE "leaders" ADD COLUMN "card_enc" text;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "card_hash" text;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "card_masked" text;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "review_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaders" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "review_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_review_status_ck" CHECK ("leaders"."review_status" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_review_status_ck" CHECK ("teams"."review_status" in (0, 1, 2, 3, 4, 5, 6));