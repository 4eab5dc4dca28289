ALTER TABLE "invoices" ADD COLUMN "lang" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "decision_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_codes" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "short_code" text;--> statement-breakpoint
UPDATE "invoices" SET "lang" = "users"."lang" FROM "users" WHERE "users"."id" = "invoices"."user_id";--> statement-breakpoint
UPDATE "visitors" SET "short_code" = (SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 12 + 0 * "visitors"."id"));--> statement-breakpoint
UPDATE "group_codes" SET "short_code" = (SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 12 + 0 * "group_codes"."order_id"));--> statement-breakpoint
ALTER TABLE "group_codes" ADD CONSTRAINT "group_codes_short_code_unique" UNIQUE("short_code");--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_short_code_unique" UNIQUE("short_code");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lang_ck" CHECK ("invoices"."lang" in ('zh', 'en'));