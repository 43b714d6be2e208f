CREATE TABLE "file_skills" (
	"file_id" uuid NOT NULL,
	"skill_id" text NOT NULL,
	CONSTRAINT "file_skills_file_id_skill_id_pk" PRIMARY KEY("file_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"guidance_ar" text,
	"guidance_en" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "development_plans" ALTER COLUMN "generated_by_ai" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "school_id" text;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "generator" text DEFAULT 'rules' NOT NULL;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "fallback_reason" text;--> statement-breakpoint
ALTER TABLE "development_plans" ADD COLUMN "generated_by_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "skill_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "generator" text DEFAULT 'rules' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "fallback_reason" text;--> statement-breakpoint
ALTER TABLE "file_skills" ADD CONSTRAINT "file_skills_file_id_qias_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."qias_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_skills" ADD CONSTRAINT "file_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_skills_skill_idx" ON "file_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skills_subject_idx" ON "skills" USING btree ("subject_id");--> statement-breakpoint
ALTER TABLE "development_plans" ADD CONSTRAINT "development_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_plans" ADD CONSTRAINT "development_plans_generated_by_id_profiles_id_fk" FOREIGN KEY ("generated_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_skill_idx" ON "questions" USING btree ("skill_id");