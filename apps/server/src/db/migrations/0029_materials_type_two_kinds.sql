ALTER TABLE "materials" DROP CONSTRAINT "materials_type_ck";--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_type_ck" CHECK ("materials"."type" in (1, 2));