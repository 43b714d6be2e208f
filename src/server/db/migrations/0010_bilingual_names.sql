-- Issue 33: a school's name and city and an exam's description become pairs (Arabic, English), as exam titles are.
-- Both languages start as the one value there was, so nothing goes blank; an admin then translates each.
ALTER TABLE "exams" ADD COLUMN "description_ar" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "description_en" text;--> statement-breakpoint
UPDATE "exams" SET "description_ar" = "description", "description_en" = "description";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "city_ar" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "city_en" text;--> statement-breakpoint
UPDATE "schools" SET "name_ar" = "name", "name_en" = "name", "city_ar" = "city", "city_en" = "city";--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "name_ar" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ALTER COLUMN "name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "schools" DROP COLUMN "city";
