CREATE TABLE "exam_reliability" (
	"exam_id" uuid NOT NULL,
	"reach" text NOT NULL,
	"version" text NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_reliability_exam_id_reach_pk" PRIMARY KEY("exam_id","reach")
);
--> statement-breakpoint
ALTER TABLE "exam_reliability" ADD CONSTRAINT "exam_reliability_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;