CREATE TABLE "bank_item_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" text,
	"subject_id" text NOT NULL,
	"grade" integer,
	"created_by_id" uuid,
	"current_version" integer DEFAULT 1 NOT NULL,
	"retired_at" timestamp with time zone,
	"type" "question_type" NOT NULL,
	"skill_id" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_items_grade_range" CHECK ("bank_items"."grade" IS NULL OR "bank_items"."grade" BETWEEN 1 AND 12)
);
--> statement-breakpoint
-- Nullable until every row points at its version (the data below), then NOT NULL.
ALTER TABLE "questions" ADD COLUMN "item_version_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "current_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_item_versions" ADD CONSTRAINT "bank_item_versions_item_id_bank_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."bank_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_item_versions" ADD CONSTRAINT "bank_item_versions_created_by_id_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_created_by_id_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_item_versions_item_version_idx" ON "bank_item_versions" USING btree ("item_id","version");--> statement-breakpoint
CREATE INDEX "bank_items_school_subject_idx" ON "bank_items" USING btree ("school_id","subject_id");--> statement-breakpoint
CREATE INDEX "bank_items_skill_idx" ON "bank_items" USING btree ("skill_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_item_version_id_bank_item_versions_id_fk" FOREIGN KEY ("item_version_id") REFERENCES "public"."bank_item_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_item_version_idx" ON "questions" USING btree ("item_version_id");--> statement-breakpoint
-- Every existing question becomes a bank item of its exam's school (a super_admin's exam: a system item) with
-- version 1 holding its content and its passage's snapshot, and the row points at it. The item and its version
-- take the question's id, so the mapping is plain; search_text is filled by the app at start (bank/search-text.ts),
-- since the Arabic folding is the short-answer marker's own JavaScript (normalizeAnswer).
INSERT INTO "bank_items" ("id", "school_id", "subject_id", "grade", "created_by_id", "current_version", "type", "skill_id", "search_text", "created_at", "updated_at")
SELECT q."id",
  CASE
    WHEN creator."role" = 'super_admin' THEN NULL
    WHEN creator."id" IS NOT NULL THEN creator."school_id"
    ELSE (SELECT min(es."school_id") FROM "exam_schools" es WHERE es."exam_id" = e."id" HAVING count(*) = 1)
  END,
  e."subject_id",
  CASE WHEN cardinality(e."grades") = 1 THEN e."grades"[1] END,
  e."creator_id", 1, q."type", q."skill_id", '', q."created_at", q."created_at"
FROM "questions" q
JOIN "exams" e ON e."id" = q."exam_id"
LEFT JOIN "profiles" creator ON creator."id" = e."creator_id";
--> statement-breakpoint
INSERT INTO "bank_item_versions" ("id", "item_id", "version", "content", "created_by_id", "created_at")
SELECT q."id", q."id", 1,
  jsonb_build_object(
    'type', q."type",
    'questionTextAr', q."question_text_ar",
    'questionTextEn', q."question_text_en",
    'questionDocAr', q."question_doc_ar",
    'questionDocEn', q."question_doc_en",
    'image', CASE WHEN q."image_id" IS NULL THEN NULL ELSE jsonb_build_object('id', q."image_id", 'altAr', q."image_alt_ar", 'altEn', q."image_alt_en") END,
    'audio', CASE WHEN q."audio_id" IS NULL THEN NULL ELSE jsonb_build_object('id', q."audio_id", 'maxPlays', q."audio_max_plays", 'transcriptAr', q."audio_transcript_ar", 'transcriptEn', q."audio_transcript_en") END,
    'points', q."points",
    'correctAnswerText', q."correct_answer_text",
    'matchingPairs', (
      SELECT coalesce(jsonb_agg(p.v || jsonb_build_object('premiseImage', coalesce(p.v->'premiseImage', 'null'::jsonb), 'responseImage', coalesce(p.v->'responseImage', 'null'::jsonb)) ORDER BY p.i), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(q."matching_pairs", '[]'::jsonb)) WITH ORDINALITY AS p(v, i)
    ),
    'skillId', q."skill_id",
    'options', (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
        'optionTextAr', o."option_text_ar", 'optionTextEn', o."option_text_en", 'optionDocAr', o."option_doc_ar", 'optionDocEn', o."option_doc_en",
        'image', CASE WHEN o."image_id" IS NULL THEN NULL ELSE jsonb_build_object('id', o."image_id", 'altAr', o."image_alt_ar", 'altEn', o."image_alt_en") END,
        'isCorrect', o."is_correct") ORDER BY o."position", o."id"), '[]'::jsonb)
      FROM "question_options" o WHERE o."question_id" = q."id"
    ),
    'passage', CASE WHEN p."id" IS NULL THEN NULL ELSE jsonb_build_object(
      'titleAr', p."title_ar", 'titleEn', p."title_en", 'textAr', p."text_ar", 'textEn', p."text_en", 'docAr', p."doc_ar", 'docEn', p."doc_en",
      'image', CASE WHEN p."image_id" IS NULL THEN NULL ELSE jsonb_build_object('id', p."image_id", 'altAr', p."image_alt_ar", 'altEn', p."image_alt_en") END,
      'audio', CASE WHEN p."audio_id" IS NULL THEN NULL ELSE jsonb_build_object('id', p."audio_id", 'maxPlays', p."audio_max_plays", 'transcriptAr', p."audio_transcript_ar", 'transcriptEn', p."audio_transcript_en") END
    ) END
  ),
  e."creator_id", q."created_at"
FROM "questions" q
JOIN "exams" e ON e."id" = q."exam_id"
LEFT JOIN "passages" p ON p."id" = q."passage_id";
--> statement-breakpoint
UPDATE "questions" SET "item_version_id" = "id";
--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "item_version_id" SET NOT NULL;
