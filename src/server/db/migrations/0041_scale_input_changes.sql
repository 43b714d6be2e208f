CREATE TABLE "scale_input_changes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scale_input_changes_one_row" CHECK ("scale_input_changes"."id")
);
--> statement-breakpoint
-- The levels' cache version (docs/decisions/0053) keyed on this one row instead of reading every ability and every
-- attempt of the scale on each view. Triggers keep it, so every writer counts, cascades included: a deleted attempt,
-- student, exam or calibration removes abilities by ON DELETE CASCADE without passing any application code.
INSERT INTO "scale_input_changes" ("id", "changes") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "scale_input_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scale_input_changes AS t (id, changes) VALUES (true, 1) ON CONFLICT (id) DO UPDATE SET changes = t.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Abilities, once per statement that wrote or removed any (a cascade runs statements that remove none).
CREATE FUNCTION "scale_input_abilities_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    INSERT INTO scale_input_changes AS t (id, changes) VALUES (true, 1) ON CONFLICT (id) DO UPDATE SET changes = t.changes + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attempt_abilities_inserted" AFTER INSERT ON "attempt_abilities" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "scale_input_abilities_changed"();
--> statement-breakpoint
CREATE TRIGGER "attempt_abilities_updated" AFTER UPDATE ON "attempt_abilities" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "scale_input_abilities_changed"();
--> statement-breakpoint
CREATE TRIGGER "attempt_abilities_deleted" AFTER DELETE ON "attempt_abilities" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "scale_input_abilities_changed"();
--> statement-breakpoint
-- An attempt's groups (exam, grade, class, student) and its completion (the dashboard's trend by year), only for an attempt that has an ability: others are on no scale.
CREATE FUNCTION "scale_input_attempt_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM attempt_abilities WHERE student_exam_id = NEW.id) THEN
    INSERT INTO scale_input_changes AS t (id, changes) VALUES (true, 1) ON CONFLICT (id) DO UPDATE SET changes = t.changes + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "student_exams_scale_groups" AFTER UPDATE OF "exam_id", "grade", "class_name", "student_id", "completed_at" ON "student_exams" FOR EACH ROW
  WHEN (OLD."completed_at" IS DISTINCT FROM NEW."completed_at" OR OLD."exam_id" IS DISTINCT FROM NEW."exam_id" OR OLD."grade" IS DISTINCT FROM NEW."grade" OR OLD."class_name" IS DISTINCT FROM NEW."class_name" OR OLD."student_id" IS DISTINCT FROM NEW."student_id")
  EXECUTE FUNCTION "scale_input_attempt_moved"();
--> statement-breakpoint
CREATE TRIGGER "exams_scale_subject" AFTER UPDATE OF "subject_id" ON "exams" FOR EACH ROW
  WHEN (OLD."subject_id" IS DISTINCT FROM NEW."subject_id")
  EXECUTE FUNCTION "scale_input_changed"();
--> statement-breakpoint
CREATE TRIGGER "profiles_scale_groups" AFTER UPDATE OF "school_id", "gender", "language_background" ON "profiles" FOR EACH ROW
  WHEN (OLD."school_id" IS DISTINCT FROM NEW."school_id" OR OLD."gender" IS DISTINCT FROM NEW."gender" OR OLD."language_background" IS DISTINCT FROM NEW."language_background")
  EXECUTE FUNCTION "scale_input_changed"();
