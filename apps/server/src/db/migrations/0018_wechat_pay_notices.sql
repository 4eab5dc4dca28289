CREATE TABLE "notice_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"lang" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"provider" text,
	"provider_message_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_jobs_event_ck" CHECK ("notice_jobs"."event" in ('review', 'payment', 'refund', 'withdrawal', 'waitlist', 'certificate')),
	CONSTRAINT "notice_jobs_channel_ck" CHECK ("notice_jobs"."channel" in ('sms', 'wechat')),
	CONSTRAINT "notice_jobs_status_ck" CHECK ("notice_jobs"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "notice_jobs_lang_ck" CHECK ("notice_jobs"."lang" in ('zh', 'en'))
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"event" text PRIMARY KEY NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"wechat" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_settings_event_ck" CHECK ("notice_settings"."event" in ('review', 'payment', 'refund', 'withdrawal', 'waitlist', 'certificate'))
);
--> statement-breakpoint
CREATE TABLE "wechat_openids" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_scene_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_jobs" ADD CONSTRAINT "notice_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_openids" ADD CONSTRAINT "wechat_openids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_jobs_due_idx" ON "notice_jobs" USING btree ("status","next_at");--> statement-breakpoint
CREATE INDEX "notice_jobs_user_idx" ON "notice_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_openids_user_app_uq" ON "wechat_openids" USING btree ("user_id","app_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lang_ck" CHECK ("users"."lang" in ('zh', 'en'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_scene_ck" CHECK ("payments"."scene" in ('desktop', 'mobile', 'jsapi'));