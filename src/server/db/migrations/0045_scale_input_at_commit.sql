CREATE TABLE "scale_input_pending" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The scale's inputs counted at each writer's commit, not at each change (docs/decisions/0053, "the one row under
-- concurrency"). Until now each change bumped scale_input_changes at once and held its row lock to the commit, so a
-- writer that then wanted a row or lock another writer held — the second chunk of a calibration's abilities, a school
-- move's lock on its new school's figures — while that one waited for the counter, deadlocked. Now a change notes
-- its transaction in scale_input_pending (its own row: nobody waits), and a deferred constraint trigger on that row
-- bumps the counter once, when the transaction commits: the last lock it takes, held only through the commit.
-- Nothing to backfill: the table starts empty and the counter keeps its value.
CREATE FUNCTION "scale_input_note"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO scale_input_pending (txid) VALUES (txid_current()) ON CONFLICT (txid) DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION "scale_input_bump_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scale_input_pending WHERE txid = NEW.txid;
  INSERT INTO scale_input_changes AS t (id, changes) VALUES (true, 1) ON CONFLICT (id) DO UPDATE SET changes = t.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scale_input_pending_commit" AFTER INSERT ON "scale_input_pending" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "scale_input_bump_at_commit"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scale_input_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scale_input_note();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scale_input_abilities_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM scale_input_note();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scale_input_attempt_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM attempt_abilities WHERE student_exam_id = NEW.id) THEN
    PERFORM scale_input_note();
  END IF;
  RETURN NULL;
END $$;
