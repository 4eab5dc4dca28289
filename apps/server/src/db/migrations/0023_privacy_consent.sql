CREATE TABLE "guardian_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_member_id" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"guardian_name" text DEFAULT '' NOT NULL,
	"guardian_phone" text DEFAULT '' NOT NULL,
	"relationship" text DEFAULT '' NOT NULL,
	"policy_version_id" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_consents_status_ck" CHECK ("guardian_consents"."status" in ('pending', 'consented', 'refused', 'withdrawn')),
	CONSTRAINT "guardian_consents_method_ck" CHECK ("guardian_consents"."method" in ('self', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "policy_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"policy_version_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_versions_kind_ck" CHECK ("policy_versions"."kind" in ('privacy', 'children'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "guardian_consent_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_policy_version_id_policy_versions_id_fk" FOREIGN KEY ("policy_version_id") REFERENCES "public"."policy_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_policy_version_id_policy_versions_id_fk" FOREIGN KEY ("policy_version_id") REFERENCES "public"."policy_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_consents_member_idx" ON "guardian_consents" USING btree ("team_member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_consents_token_uq" ON "guardian_consents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "policy_acceptances_user_idx" ON "policy_acceptances" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_kind_version_uq" ON "policy_versions" USING btree ("kind","version");