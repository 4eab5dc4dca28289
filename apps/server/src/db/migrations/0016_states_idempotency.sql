CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"committed" boolean DEFAULT false NOT NULL,
	"response_status" integer,
	"response_type" text,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_status_ck" CHECK ("redeem_codes"."status" in ('available', 'used', 'void', 'refunding'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_ck" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" in ('pending', 'issued', 'rejected'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_title_type_ck" CHECK ("invoices"."title_type" in ('personal', 'company'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('ordinary', 'special'));--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_kind_ck" CHECK ("ledger"."kind" in ('payment', 'refund', 'adjustment'));--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_channel_ck" CHECK ("ledger"."channel" in ('sandbox', 'wechat', 'alipay', 'bank'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_ck" CHECK ("order_items"."kind" in ('code', 'member', 'ticket'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_status_ck" CHECK ("order_items"."status" in ('held', 'active', 'refunding', 'refunded', 'released'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('unpaid', 'paid', 'cancelled', 'abnormal'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_close_reason_ck" CHECK ("orders"."close_reason" in ('expired', 'user', 'staff'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_ck" CHECK ("orders"."channel" in ('sandbox', 'wechat', 'alipay', 'bank', 'free'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_ck" CHECK ("payments"."channel" in ('sandbox', 'wechat', 'alipay', 'bank'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_ck" CHECK ("payments"."status" in ('created', 'paid', 'failed', 'closed', 'abnormal'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_scene_ck" CHECK ("payments"."scene" in ('desktop', 'mobile'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_ck" CHECK ("refunds"."kind" in ('request', 'withdrawal', 'auto', 'cancel'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('pending', 'processing', 'success', 'failed', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_status_ck" CHECK ("sandbox_refunds"."status" in ('processing', 'success'));--> statement-breakpoint
ALTER TABLE "sandbox_trades" ADD CONSTRAINT "sandbox_trades_status_ck" CHECK ("sandbox_trades"."status" in ('pending', 'paid', 'failed', 'closed'));--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_result_ck" CHECK ("checkins"."result" in ('admitted', 'used', 'unknown', 'notValid', 'otherSession'));--> statement-breakpoint
ALTER TABLE "event_sessions" ADD CONSTRAINT "event_sessions_kind_ck" CHECK ("event_sessions"."kind" in ('audience', 'workshop', 'online'));--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_status_ck" CHECK ("visitors"."status" in ('held', 'valid', 'used', 'refunding', 'refunded', 'released'));--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_status_ck" CHECK ("waitlist"."status" in ('waiting', 'offered', 'done', 'expired', 'left'));--> statement-breakpoint
ALTER TABLE "org_applications" ADD CONSTRAINT "org_applications_status_ck" CHECK ("org_applications"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD CONSTRAINT "rebate_withdrawals_status_ck" CHECK ("rebate_withdrawals"."status" in ('paying', 'completed', 'abnormal'));--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_status_ck" CHECK ("rebates"."status" in ('accrued', 'void'));--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_status_ck" CHECK ("volunteers"."status" in ('applied', 'preGrouped', 'admitted', 'reassigned', 'confirmed', 'full'));--> statement-breakpoint
ALTER TABLE "award_templates" ADD CONSTRAINT "award_templates_kind_ck" CHECK ("award_templates"."kind" in ('team', 'player', 'leader', 'volunteer'));--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_kind_ck" CHECK ("awards"."kind" in ('team', 'player', 'leader', 'volunteer'));--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_ck" CHECK ("certificates"."status" in ('valid', 'void'));--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_ck" CHECK ("feedback"."status" in ('new', 'answered'));--> statement-breakpoint
ALTER TABLE "team_member_audits" ADD CONSTRAINT "team_member_audits_status_ck" CHECK ("team_member_audits"."status" in ('pending', 'approved', 'rejected'));