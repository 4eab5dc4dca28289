ALTER TABLE "refunds" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payee_bank" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payee_account_enc" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payee_account_masked" text;