CREATE TABLE "attempt_abilities" (
	"calibration_id" uuid NOT NULL,
	"student_exam_id" uuid NOT NULL,
	"items" integer NOT NULL,
	"eap" double precision,
	"eap_se" double precision,
	"ml" double precision,
	"ml_se" double precision,
	"extreme" text,
	CONSTRAINT "attempt_abilities_calibration_id_student_exam_id_pk" PRIMARY KEY("calibration_id","student_exam_id")
);
--> statement-breakpoint
CREATE TABLE "calibrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid,
	"scope" text DEFAULT 'exam' NOT NULL,
	"model" text NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"linking" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calibrations_scope" CHECK ("calibrations"."scope" in ('exam', 'bank')),
	CONSTRAINT "calibrations_model" CHECK ("calibrations"."model" in ('rasch', '2pl', '3pl', 'gpcm'))
);
--> statement-breakpoint
CREATE TABLE "proficiency_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scale_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"min_score" double precision,
	"study_id" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proficiency_levels_position" CHECK ("proficiency_levels"."position" BETWEEN 0 AND 9),
	CONSTRAINT "proficiency_levels_lowest_has_no_cut" CHECK (("proficiency_levels"."position" = 0) = ("proficiency_levels"."min_score" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "reporting_scales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" text NOT NULL,
	"grade" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"mean" double precision DEFAULT 500 NOT NULL,
	"sd" double precision DEFAULT 100 NOT NULL,
	"theta_mean" double precision DEFAULT 0 NOT NULL,
	"theta_sd" double precision DEFAULT 1 NOT NULL,
	"reference_exam_id" uuid,
	"reference_calibration_id" uuid,
	"decimals" integer DEFAULT 0 NOT NULL,
	"lowest" double precision,
	"highest" double precision,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reporting_scales_grade_range" CHECK ("reporting_scales"."grade" BETWEEN 1 AND 12),
	CONSTRAINT "reporting_scales_sd_positive" CHECK ("reporting_scales"."sd" > 0 AND "reporting_scales"."theta_sd" > 0),
	CONSTRAINT "reporting_scales_decimals" CHECK ("reporting_scales"."decimals" BETWEEN 0 AND 2),
	CONSTRAINT "reporting_scales_bounds" CHECK ("reporting_scales"."lowest" IS NULL OR "reporting_scales"."highest" IS NULL OR "reporting_scales"."lowest" < "reporting_scales"."highest")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "language_background" text;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "paper_language" text;--> statement-breakpoint
ALTER TABLE "attempt_abilities" ADD CONSTRAINT "attempt_abilities_calibration_id_calibrations_id_fk" FOREIGN KEY ("calibration_id") REFERENCES "public"."calibrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_abilities" ADD CONSTRAINT "attempt_abilities_student_exam_id_student_exams_id_fk" FOREIGN KEY ("student_exam_id") REFERENCES "public"."student_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibrations" ADD CONSTRAINT "calibrations_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibrations" ADD CONSTRAINT "calibrations_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proficiency_levels" ADD CONSTRAINT "proficiency_levels_scale_id_reporting_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."reporting_scales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proficiency_levels" ADD CONSTRAINT "proficiency_levels_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_scales" ADD CONSTRAINT "reporting_scales_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_scales" ADD CONSTRAINT "reporting_scales_reference_exam_id_exams_id_fk" FOREIGN KEY ("reference_exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_scales" ADD CONSTRAINT "reporting_scales_reference_calibration_id_calibrations_id_fk" FOREIGN KEY ("reference_calibration_id") REFERENCES "public"."calibrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporting_scales" ADD CONSTRAINT "reporting_scales_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_abilities_attempt_idx" ON "attempt_abilities" USING btree ("student_exam_id");--> statement-breakpoint
CREATE INDEX "calibrations_exam_idx" ON "calibrations" USING btree ("exam_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proficiency_levels_scale_position_idx" ON "proficiency_levels" USING btree ("scale_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reporting_scales_subject_grade_idx" ON "reporting_scales" USING btree ("subject_id","grade");--> statement-breakpoint
-- Calibrations stored before 0021 (by the command line or a bench) get their run's row, so the new key holds.
INSERT INTO "calibrations" ("id", "exam_id", "scope", "model", "students", "items", "created_at")
SELECT "calibration_id", max("exam_id"::text)::uuid, CASE WHEN bool_and("exam_id" IS NULL) THEN 'bank' ELSE 'exam' END, min("model"), max("n"), count(*), min("created_at")
FROM "item_calibrations" GROUP BY "calibration_id";--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_calibration_id_calibrations_id_fk" FOREIGN KEY ("calibration_id") REFERENCES "public"."calibrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_gender" CHECK ("profiles"."gender" IS NULL OR ("profiles"."role" = 'student' AND "profiles"."gender" IN ('female', 'male')));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_background" CHECK ("profiles"."language_background" IS NULL OR ("profiles"."role" = 'student' AND "profiles"."language_background" IN ('arabic', 'other')));