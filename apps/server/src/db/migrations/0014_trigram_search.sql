CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "team_members_name_trgm_idx" ON "team_members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_members_code_trgm_idx" ON "team_members" USING gin ("code" gin_trgm_ops);