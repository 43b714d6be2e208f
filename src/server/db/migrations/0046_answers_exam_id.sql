-- Each answer carries its attempt's exam (issue 39, decision 0065): an exam's response matrix (calibration, DIF,
-- reliability, the item analysis' groups) is read through student_answers_exam_idx, a bitmap scan of the exam's heap
-- pages in their order, instead of one probe of the (attempt, question) index per cell — 8 M random reads at the
-- year, 207 s cold. The copy is the database's to keep: a trigger fills it from the attempt on insert (the app, a
-- test; a year's backup is restored only at the schema that made it, so its rows carry it), and a bulk loader may give it.
CREATE FUNCTION "exam_of_attempt"(attempt uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT exam_id FROM student_exams WHERE id = attempt
$$;
--> statement-breakpoint
-- The lookup written out, not a call of exam_of_attempt: PL/pgSQL keeps its statements' plans for the session, where
-- an SQL function called from it is planned again on every call (every answer). The app's writers give the exam
-- (they hold the attempt's row), so on exam day this is the null check alone.
CREATE FUNCTION "answers_exam_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.exam_id IS NULL THEN
    SELECT exam_id INTO NEW.exam_id FROM student_exams WHERE id = NEW.student_exam_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Backfill by a rewrite, not an UPDATE: ALTER ... TYPE with USING writes every row once into a new heap and builds
-- the indexes afresh, where an UPDATE of every row would leave the table and both its indexes twice their size until
-- a VACUUM FULL. At the year's 48 M answers the rewrite is minutes under an exclusive lock (decision 0065).
ALTER TABLE "student_answers" ADD COLUMN "exam_id" uuid;--> statement-breakpoint
ALTER TABLE "student_answers" ALTER COLUMN "exam_id" TYPE uuid USING exam_of_attempt("student_exam_id"), ALTER COLUMN "exam_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ADD COLUMN "exam_id" uuid;--> statement-breakpoint
ALTER TABLE "archived_student_answers" ALTER COLUMN "exam_id" TYPE uuid USING exam_of_attempt("student_exam_id"), ALTER COLUMN "exam_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "student_answers_exam_id" BEFORE INSERT ON "student_answers" FOR EACH ROW EXECUTE FUNCTION "answers_exam_id"();--> statement-breakpoint
CREATE TRIGGER "archived_student_answers_exam_id" BEFORE INSERT ON "archived_student_answers" FOR EACH ROW EXECUTE FUNCTION "answers_exam_id"();--> statement-breakpoint
CREATE INDEX "archived_student_answers_exam_idx" ON "archived_student_answers" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "student_answers_exam_idx" ON "student_answers" USING btree ("exam_id");--> statement-breakpoint
-- Readers of every answer see the exam too (a new last column: the view's others keep their places).
CREATE OR REPLACE VIEW "all_student_answers" AS
  SELECT "id", "student_exam_id", "question_id", "student_id", "selected_option_id", "answer_text", "matching_answer", "response", "is_correct", "score", "teacher_comment", "client_seq", "graded_by_id", "updated_at", "exam_id" FROM "student_answers"
  UNION ALL
  SELECT "id", "student_exam_id", "question_id", "student_id", "selected_option_id", "answer_text", "matching_answer", "response", "is_correct", "score", "teacher_comment", "client_seq", "graded_by_id", "updated_at", "exam_id" FROM "archived_student_answers";
