-- Decision 0061 (amended, issue 39 stop 9): the reliability job's last run's duration, which spaces its next run.
-- Null until the job next runs (the rule is then the 20 s settle alone). No rewrite: a nullable column, instant.
ALTER TABLE "exam_reliability" ADD COLUMN "run_ms" integer;
