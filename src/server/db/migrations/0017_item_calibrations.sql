CREATE TABLE "item_calibrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calibration_id" uuid NOT NULL,
	"item_version_id" uuid NOT NULL,
	"exam_id" uuid,
	"model" text NOT NULL,
	"n" integer NOT NULL,
	"params" jsonb,
	"se" jsonb,
	"fit" jsonb,
	"problem" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_calibrations_model" CHECK ("item_calibrations"."model" in ('rasch', '2pl', '3pl', 'gpcm')),
	CONSTRAINT "item_calibrations_params_or_problem" CHECK (("item_calibrations"."params" is null) <> ("item_calibrations"."problem" is null))
);
--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_item_version_id_bank_item_versions_id_fk" FOREIGN KEY ("item_version_id") REFERENCES "public"."bank_item_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_calibrations" ADD CONSTRAINT "item_calibrations_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_calibrations_version_idx" ON "item_calibrations" USING btree ("item_version_id","created_at");--> statement-breakpoint
CREATE INDEX "item_calibrations_calibration_idx" ON "item_calibrations" USING btree ("calibration_id");--> statement-breakpoint
CREATE INDEX "item_calibrations_exam_idx" ON "item_calibrations" USING btree ("exam_id");