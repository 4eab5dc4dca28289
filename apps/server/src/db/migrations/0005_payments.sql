CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer,
	"account_name" text NOT NULL,
	"bank_name_zh" text NOT NULL,
	"bank_name_en" text DEFAULT '' NOT NULL,
	"account_no" text NOT NULL,
	"remark_zh" text DEFAULT '' NOT NULL,
	"remark_en" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_no" text,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title_type" text NOT NULL,
	"kind" text DEFAULT 'ordinary' NOT NULL,
	"company_name" text NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"registered_phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"receiving_address" text DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"file_key" text,
	"reject_reason" text,
	"issued_by" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_no_unique" UNIQUE("invoice_no")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"channel" text NOT NULL,
	"provider_ref" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"code_id" integer,
	"plan_id" integer,
	"label" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_amounts_ok" CHECK ("order_items"."price_fen" >= 0 and "order_items"."refunded_fen" >= 0 and "order_items"."refunded_fen" <= "order_items"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"type" integer NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"close_reason" text,
	"amount_fen" integer NOT NULL,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"plan_id" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"team_id" integer,
	"channel" text,
	"provider_trade_no" text,
	"payer_phone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amounts_ok" CHECK ("orders"."amount_fen" >= 0 and "orders"."paid_fen" >= 0 and "orders"."refunded_fen" >= 0 and "orders"."refunded_fen" <= "orders"."paid_fen")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"scene" text DEFAULT 'desktop' NOT NULL,
	"action" text DEFAULT '{}' NOT NULL,
	"provider_trade_no" text,
	"received_fen" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_out_trade_no_unique" UNIQUE("out_trade_no")
);
--> statement-breakpoint
CREATE TABLE "refund_items" (
	"refund_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "refund_items_refund_id_item_id_pk" PRIMARY KEY("refund_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer,
	"kind" text DEFAULT 'request' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"base_fen" integer NOT NULL,
	"tier_per_mille" integer DEFAULT 0 NOT NULL,
	"requested_fen" integer DEFAULT 0 NOT NULL,
	"ratio" text,
	"deduct_fen" integer,
	"amount_fen" integer,
	"reason" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"fail_reason" text,
	"provider_refund_no" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "refunds_amounts_ok" CHECK ("refunds"."base_fen" >= 0 and "refunds"."requested_fen" >= 0 and ("refunds"."amount_fen" is null or ("refunds"."amount_fen" >= 0 and "refunds"."amount_fen" <= "refunds"."base_fen")))
);
--> statement-breakpoint
CREATE TABLE "sandbox_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"out_refund_no" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_refund_no_unique" UNIQUE("refund_no")
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"trade_no" text NOT NULL,
	"page_token" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_trades_trade_no_unique" UNIQUE("trade_no"),
	CONSTRAINT "sandbox_trades_page_token_unique" UNIQUE("page_token")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "code_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_live_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_provider_ref_uq" ON "ledger" USING btree ("kind","channel","provider_ref");--> statement-breakpoint
CREATE INDEX "ledger_order_idx" ON "ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_member_idx" ON "order_items" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_member_held_uq" ON "order_items" USING btree ("member_id") WHERE "order_items"."status" = 'held' and "order_items"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_expiry_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_activity_idx" ON "orders" USING btree ("activity_id","status");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_trade_uq" ON "payments" USING btree ("channel","provider_trade_no") WHERE "payments"."provider_trade_no" is not null;--> statement-breakpoint
CREATE INDEX "refund_items_item_idx" ON "refund_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_due_idx" ON "sandbox_deliveries" USING btree ("delivered_at","next_attempt_at");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_stock_nonneg" CHECK ("plans"."stock" is null or "plans"."stock" >= 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_no_update_delete BEFORE UPDATE OR DELETE ON "ledger" FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
