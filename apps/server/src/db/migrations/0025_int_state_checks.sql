-- Issue 36, item 4: every integer state/type column takes only the numbers of its constant (packages/shared/src/int-states.ts).
-- ADD CONSTRAINT without NOT VALID: the rows already there are checked too, and the migration stops on one outside.
ALTER TABLE "users" ADD CONSTRAINT "users_status_ck" CHECK ("users"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_type_ck" CHECK ("messages"."type" in (1, 2));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_ck" CHECK ("activities"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_event_type_ck" CHECK ("activities"."event_type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_level_ck" CHECK ("activities"."level" in (1, 2));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_status_ck" CHECK ("activities"."status" in (1, 4));--> statement-breakpoint
ALTER TABLE "consoles" ADD CONSTRAINT "consoles_status_ck" CHECK ("consoles"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_type_ck" CHECK ("materials"."type" in (1));--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_status_ck" CHECK ("news"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "official_files" ADD CONSTRAINT "official_files_status_ck" CHECK ("official_files"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_type_ck" CHECK ("partners"."type" in (1, 2));--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_status_ck" CHECK ("partners"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_status_ck" CHECK ("photos"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_code_type_ck" CHECK ("plans"."code_type" in (0, 10, 20));--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_type_ck" CHECK ("programs"."type" in (0, 1));--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_status_ck" CHECK ("leaders"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_type_ck" CHECK ("leaders"."type" in (1));--> statement-breakpoint
ALTER TABLE "leaders" ADD CONSTRAINT "leaders_collect_status_ck" CHECK ("leaders"."collect_status" in (0, 1));--> statement-breakpoint
ALTER TABLE "org_addresses" ADD CONSTRAINT "org_addresses_status_ck" CHECK ("org_addresses"."status" in (0, 1));--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_type_ck" CHECK ("orgs"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_status_ck" CHECK ("orgs"."status" in (0, 1, 2, 3, 4));--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_type_ck" CHECK ("redeem_codes"."type" in (0, 10, 20));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_card_type_ck" CHECK ("team_members"."card_type" in (0, 1));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_pay_status_ck" CHECK ("team_members"."pay_status" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_status_before_withdraw_ck" CHECK ("team_members"."status_before_withdraw" in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_collect_status_ck" CHECK ("team_members"."collect_status" in (0, 1));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_status_ck" CHECK ("teams"."status" in (1, 2, 7));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_collect_status_ck" CHECK ("teams"."collect_status" in (0, 1));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_type_ck" CHECK ("withdrawals"."type" in (2, 3));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_ck" CHECK ("orders"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_type_ck" CHECK ("tickets"."type" in (1, 2));--> statement-breakpoint
ALTER TABLE "org_applications" ADD CONSTRAINT "org_applications_type_ck" CHECK ("org_applications"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_status_ck" CHECK ("lives"."status" in (0, 1));