-- The results list's score and name sorts at scale (issue 39, decision 0054 amended stop 9): their ties go by the
-- student's name, so the name is copied onto the attempt and both sorts get an index, all exams and per exam.
-- The copy is the database's to keep: set from the profile on insert (whatever inserts: the app, a loader, a
-- year's restore), and followed when a profile is renamed. The default '' is never kept (the trigger overwrites it).
ALTER TABLE "student_exams" ADD COLUMN "student_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Backfill: one pass over the attempts joined to their profiles by key, each attempt's row written once (a new
-- version of every row: at the year's 1.2 M attempts about a rewrite of the table; measured in decision 0054's
-- amendment), before the triggers (whose lookup it would repeat per row) and the indexes (each then built once).
UPDATE "student_exams" se SET "student_name" = p."name" FROM "profiles" p WHERE p."id" = se."student_id";
--> statement-breakpoint
CREATE FUNCTION "student_exams_student_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.student_name := (SELECT name FROM profiles WHERE id = NEW.student_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "student_exams_student_name" BEFORE INSERT OR UPDATE OF "student_id", "student_name" ON "student_exams" FOR EACH ROW
  EXECUTE FUNCTION "student_exams_student_name"();
--> statement-breakpoint
CREATE FUNCTION "profiles_name_to_attempts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE student_exams SET student_name = NEW.name WHERE student_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_name_to_attempts" AFTER UPDATE OF "name" ON "profiles" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "profiles_name_to_attempts"();
--> statement-breakpoint
CREATE INDEX "student_exams_score_idx" ON "student_exams" USING btree ((-coalesce(case when "status" = 'graded' then (case when "total_possible_score" > 0 then coalesce("score", 0)::float8 * 100 / "total_possible_score" else 0 end) end, -1)),"student_name","id");--> statement-breakpoint
CREATE INDEX "student_exams_exam_score_idx" ON "student_exams" USING btree ("exam_id",(-coalesce(case when "status" = 'graded' then (case when "total_possible_score" > 0 then coalesce("score", 0)::float8 * 100 / "total_possible_score" else 0 end) end, -1)),"student_name","id");--> statement-breakpoint
CREATE INDEX "student_exams_name_idx" ON "student_exams" USING btree ("student_name","started_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "student_exams_exam_name_idx" ON "student_exams" USING btree ("exam_id","student_name","started_at" DESC NULLS FIRST,"id");
