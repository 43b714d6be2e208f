CREATE TABLE "archived_exam_item_score_stats" (
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"form_id" uuid,
	"question_id" uuid NOT NULL,
	"option_id" text,
	"total" double precision NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sx" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "archived_exam_item_score_stats_key" UNIQUE NULLS NOT DISTINCT("exam_id","school_id","form_id","question_id","option_id","total")
);
--> statement-breakpoint
ALTER TABLE "archived_exam_item_score_stats" ADD CONSTRAINT "archived_exam_item_score_stats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_exam_item_score_stats" ADD CONSTRAINT "archived_exam_item_score_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 0059 (amended): item analysis reads a closed year's rows by total score and an open year's through one
-- view. Written by hand (drizzle's pgView(...).existing() only describes it); columns spelled out as all_student_answers'.
CREATE VIEW "all_exam_item_score_stats" AS
  SELECT "exam_id", "school_id", "form_id", "question_id", "option_id", "total", "n", "sx" FROM "exam_item_score_stats"
  UNION ALL
  SELECT "exam_id", "school_id", "form_id", "question_id", "option_id", "total", "n", "sx" FROM "archived_exam_item_score_stats";--> statement-breakpoint
-- The years already closed: their rows out of the working table, as the close now does.
INSERT INTO "archived_exam_item_score_stats" ("exam_id", "school_id", "form_id", "question_id", "option_id", "total", "n", "sx")
  SELECT s."exam_id", s."school_id", s."form_id", s."question_id", s."option_id", s."total", s."n", s."sx" FROM "exam_item_score_stats" s
  WHERE s."exam_id" IN (SELECT e."id" FROM "exams" e JOIN "school_years" y ON y."id" = e."school_year_id" WHERE y."status" = 'closed');--> statement-breakpoint
DELETE FROM "exam_item_score_stats" WHERE "exam_id" IN (SELECT e."id" FROM "exams" e JOIN "school_years" y ON y."id" = e."school_year_id" WHERE y."status" = 'closed');
