CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" integer,
	"session_id" integer,
	"staff_id" integer,
	"gate" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"kind" text DEFAULT 'audience' NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"area_zh" text DEFAULT '' NOT NULL,
	"area_en" text DEFAULT '' NOT NULL,
	"max_people" integer DEFAULT 0 NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"team_code_prefix" text DEFAULT '' NOT NULL,
	"entry_time" timestamp with time zone NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"require_id_card" boolean DEFAULT false NOT NULL,
	"intro_zh" text DEFAULT '' NOT NULL,
	"intro_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sessions_places_ok" CHECK ("event_sessions"."max_people" >= 0 and "event_sessions"."taken" >= 0 and ("event_sessions"."max_people" = 0 or "event_sessions"."taken" <= "event_sessions"."max_people")),
	CONSTRAINT "event_sessions_times_ok" CHECK ("event_sessions"."entry_time" < "event_sessions"."start_time" and "event_sessions"."end_time" > "event_sessions"."start_time")
);
--> statement-breakpoint
CREATE TABLE "group_codes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "group_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "online_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"max_people" integer DEFAULT 10 NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tickets_ok" CHECK ("tickets"."price_fen" >= 0 and "tickets"."max_people" >= 1)
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"card_enc" text DEFAULT '' NOT NULL,
	"card_masked" text DEFAULT '' NOT NULL,
	"pass_code" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"used_at" timestamp with time zone,
	"used_gate" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitors_pass_code_unique" UNIQUE("pass_code")
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_codes" ADD CONSTRAINT "group_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_reservations" ADD CONSTRAINT "online_reservations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_reservations" ADD CONSTRAINT "online_reservations_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_reservations" ADD CONSTRAINT "online_reservations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_reservations" ADD CONSTRAINT "online_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkins_session_idx" ON "checkins" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "event_sessions_activity_idx" ON "event_sessions" USING btree ("activity_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "online_reservations_team_uq" ON "online_reservations" USING btree ("activity_id","team_id");--> statement-breakpoint
CREATE INDEX "online_reservations_session_idx" ON "online_reservations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "tickets_session_idx" ON "tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "visitors_order_idx" ON "visitors" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "visitors_user_idx" ON "visitors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "visitors_session_idx" ON "visitors" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "waitlist_session_idx" ON "waitlist" USING btree ("session_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_per_user_uq" ON "waitlist" USING btree ("session_id","user_id") WHERE "waitlist"."status" in ('waiting', 'offered');