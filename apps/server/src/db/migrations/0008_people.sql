CREATE TABLE "consult_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer,
	"staff_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consult_threads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"last_id" integer DEFAULT 0 NOT NULL,
	"unanswered" boolean DEFAULT true NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"name" text NOT NULL,
	"type" integer DEFAULT 3 NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"license_no" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"method" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'paying' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "rebate_withdrawals_amount_ck" CHECK ("rebate_withdrawals"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"base_fen" integer NOT NULL,
	"per_mille" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'accrued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebates_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "rebates_amount_ck" CHECK ("rebates"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_oauth" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nick_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"quota" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteers" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer,
	"assigned_position_id" integer,
	"group_name" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"birth_date" text NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"experience" text DEFAULT '' NOT NULL,
	"resume" text,
	"resume_name" text,
	"guardian_name" text DEFAULT '' NOT NULL,
	"guardian_phone" text DEFAULT '' NOT NULL,
	"guardian_consent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consult_messages" ADD CONSTRAINT "consult_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_messages" ADD CONSTRAINT "consult_messages_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_messages" ADD CONSTRAINT "consult_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_threads" ADD CONSTRAINT "consult_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult_threads" ADD CONSTRAINT "consult_threads_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_applications" ADD CONSTRAINT "org_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_applications" ADD CONSTRAINT "org_applications_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD CONSTRAINT "rebate_withdrawals_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD CONSTRAINT "rebate_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_oauth" ADD CONSTRAINT "user_oauth_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_positions" ADD CONSTRAINT "volunteer_positions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_position_id_volunteer_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."volunteer_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_assigned_position_id_volunteer_positions_id_fk" FOREIGN KEY ("assigned_position_id") REFERENCES "public"."volunteer_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consult_messages_user_idx" ON "consult_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "consult_threads_inbox_idx" ON "consult_threads" USING btree ("unanswered","last_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_applications_name_uq" ON "org_applications" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "org_applications_user_idx" ON "org_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rebate_withdrawals_org_idx" ON "rebate_withdrawals" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "rebates_org_idx" ON "rebates" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_oauth_openid_uq" ON "user_oauth" USING btree ("provider","openid");--> statement-breakpoint
CREATE UNIQUE INDEX "user_oauth_user_uq" ON "user_oauth" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteers_one_per_activity_uq" ON "volunteers" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "volunteers_status_idx" ON "volunteers" USING btree ("activity_id","status");