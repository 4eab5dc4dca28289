CREATE TABLE "gate_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"staff_id" integer,
	"gate" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"pending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gate_devices_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "gate_devices_ok" CHECK ("gate_devices"."pending" >= 0 and char_length("gate_devices"."gate") between 1 and 40 and "gate_devices"."expires_at" > "gate_devices"."created_at")
);
--> statement-breakpoint
CREATE TABLE "gate_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"counter" integer NOT NULL,
	"digest" text NOT NULL,
	"code" text NOT NULL,
	"admitted_offline" boolean NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"visitor_id" integer,
	CONSTRAINT "gate_scans_ok" CHECK ("gate_scans"."counter" >= 1),
	CONSTRAINT "gate_scans_outcome_ck" CHECK ("gate_scans"."outcome" in ('admitted', 'used', 'conflict', 'refused', 'unknown', 'otherSession', 'notValid', 'clockOff', 'nonceReused'))
);
--> statement-breakpoint
ALTER TABLE "gate_devices" ADD CONSTRAINT "gate_devices_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD CONSTRAINT "gate_devices_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_scans" ADD CONSTRAINT "gate_scans_device_id_gate_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gate_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_scans" ADD CONSTRAINT "gate_scans_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_devices_session_idx" ON "gate_devices" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_scans_nonce_uq" ON "gate_scans" USING btree ("device_id","counter") WHERE "gate_scans"."outcome" <> 'nonceReused';--> statement-breakpoint
CREATE UNIQUE INDEX "gate_scans_reused_uq" ON "gate_scans" USING btree ("device_id","counter","digest") WHERE "gate_scans"."outcome" = 'nonceReused';--> statement-breakpoint
CREATE INDEX "gate_scans_visitor_idx" ON "gate_scans" USING btree ("visitor_id");