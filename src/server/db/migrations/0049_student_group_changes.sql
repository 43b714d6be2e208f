CREATE TABLE "student_group_changes" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "student_group_changes_one_row" CHECK ("student_group_changes"."id")
);
--> statement-breakpoint
-- DIF's stored reports (decision 0066) keyed on this row as well as on the exam's figures: a student's gender,
-- language background or school changed. Bumped at the commit (a deferred constraint trigger, as 0045 bumps the
-- scale's inputs), once per profile changed, so a transaction takes the row's lock last and holds it only through
-- its commit.
INSERT INTO "student_group_changes" ("id", "changes") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "student_group_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO student_group_changes AS t (id, changes) VALUES (true, 1) ON CONFLICT (id) DO UPDATE SET changes = t.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_group_changes" AFTER UPDATE OF "gender", "language_background", "school_id" ON "profiles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."gender" IS DISTINCT FROM NEW."gender" OR OLD."language_background" IS DISTINCT FROM NEW."language_background" OR OLD."school_id" IS DISTINCT FROM NEW."school_id")
  EXECUTE FUNCTION "student_group_bump"();
