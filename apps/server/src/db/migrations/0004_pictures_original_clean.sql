-- Originals stored before 0003 kept their full metadata (GPS included): they start unclean and are
-- cleaned in the background at start (modules/content/originals.service.ts); new rows are clean.
ALTER TABLE "pictures" ADD COLUMN "original_clean" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pictures" ALTER COLUMN "original_clean" SET DEFAULT true;
