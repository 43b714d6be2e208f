CREATE TABLE "standard_setting_panellists" (
	"study_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"submitted_round" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_setting_panellists_study_id_user_id_pk" PRIMARY KEY("study_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "standard_setting_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"item_version_id" uuid,
	"value" double precision,
	"page" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_setting_ratings_kind" CHECK (("standard_setting_ratings"."item_version_id" IS NOT NULL AND "standard_setting_ratings"."value" IS NOT NULL AND "standard_setting_ratings"."page" IS NULL) OR ("standard_setting_ratings"."item_version_id" IS NULL AND "standard_setting_ratings"."value" IS NULL AND "standard_setting_ratings"."page" IS NOT NULL)),
	CONSTRAINT "standard_setting_ratings_range" CHECK ("standard_setting_ratings"."round" >= 1 AND "standard_setting_ratings"."position" BETWEEN 1 AND 9 AND ("standard_setting_ratings"."value" IS NULL OR "standard_setting_ratings"."value" >= 0) AND ("standard_setting_ratings"."page" IS NULL OR "standard_setting_ratings"."page" >= 1))
);
--> statement-breakpoint
CREATE TABLE "standard_setting_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scale_id" uuid NOT NULL,
	"method" text NOT NULL,
	"calibration_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"response_probability" double precision DEFAULT 0.67 NOT NULL,
	"approved_cuts" jsonb,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_setting_studies_method" CHECK ("standard_setting_studies"."method" in ('angoff', 'bookmark')),
	CONSTRAINT "standard_setting_studies_status" CHECK ("standard_setting_studies"."status" in ('draft', 'open', 'closed', 'approved')),
	CONSTRAINT "standard_setting_studies_round" CHECK ("standard_setting_studies"."round" >= 0 AND ("standard_setting_studies"."status" = 'draft') = ("standard_setting_studies"."round" = 0)),
	CONSTRAINT "standard_setting_studies_rp" CHECK ("standard_setting_studies"."response_probability" > 0.5 AND "standard_setting_studies"."response_probability" < 1)
);
--> statement-breakpoint
ALTER TABLE "standard_setting_panellists" ADD CONSTRAINT "standard_setting_panellists_study_id_standard_setting_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."standard_setting_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_panellists" ADD CONSTRAINT "standard_setting_panellists_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_ratings" ADD CONSTRAINT "standard_setting_ratings_item_version_id_bank_item_versions_id_fk" FOREIGN KEY ("item_version_id") REFERENCES "public"."bank_item_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_ratings" ADD CONSTRAINT "standard_setting_ratings_study_id_user_id_standard_setting_panellists_study_id_user_id_fk" FOREIGN KEY ("study_id","user_id") REFERENCES "public"."standard_setting_panellists"("study_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_studies" ADD CONSTRAINT "standard_setting_studies_scale_id_reporting_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."reporting_scales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_studies" ADD CONSTRAINT "standard_setting_studies_calibration_id_calibrations_id_fk" FOREIGN KEY ("calibration_id") REFERENCES "public"."calibrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_studies" ADD CONSTRAINT "standard_setting_studies_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_setting_studies" ADD CONSTRAINT "standard_setting_studies_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standard_setting_panellists_user_idx" ON "standard_setting_panellists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_setting_ratings_angoff_idx" ON "standard_setting_ratings" USING btree ("study_id","round","user_id","position","item_version_id") WHERE "standard_setting_ratings"."item_version_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "standard_setting_ratings_bookmark_idx" ON "standard_setting_ratings" USING btree ("study_id","round","user_id","position") WHERE "standard_setting_ratings"."item_version_id" IS NULL;--> statement-breakpoint
CREATE INDEX "standard_setting_studies_scale_idx" ON "standard_setting_studies" USING btree ("scale_id");--> statement-breakpoint
ALTER TABLE "proficiency_levels" ADD CONSTRAINT "proficiency_levels_study_id_standard_setting_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."standard_setting_studies"("id") ON DELETE set null ON UPDATE no action;