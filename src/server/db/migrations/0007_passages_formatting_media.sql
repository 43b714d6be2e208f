CREATE TABLE "exam_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"exam_id" uuid,
	"kind" text DEFAULT 'image' NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_media_kind" CHECK ("exam_media"."kind" IN ('image', 'audio')),
	CONSTRAINT "exam_media_image_size" CHECK ("exam_media"."kind" <> 'image' OR ("exam_media"."width" > 0 AND "exam_media"."height" > 0))
);
--> statement-breakpoint
CREATE TABLE "media_plays" (
	"attempt_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "media_plays_attempt_id_media_id_pk" PRIMARY KEY("attempt_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"doc_ar" jsonb,
	"doc_en" jsonb,
	"image_id" uuid,
	"image_alt_ar" text DEFAULT '' NOT NULL,
	"image_alt_en" text DEFAULT '' NOT NULL,
	"audio_id" uuid,
	"audio_max_plays" integer,
	"audio_transcript_ar" text DEFAULT '' NOT NULL,
	"audio_transcript_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "option_doc_ar" jsonb;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "option_doc_en" jsonb;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "image_alt_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "image_alt_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_doc_ar" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_doc_en" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "passage_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_alt_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "image_alt_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio_max_plays" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio_transcript_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio_transcript_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_media" ADD CONSTRAINT "exam_media_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_media" ADD CONSTRAINT "exam_media_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_plays" ADD CONSTRAINT "media_plays_attempt_id_student_exams_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."student_exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_plays" ADD CONSTRAINT "media_plays_media_id_exam_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."exam_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_image_id_exam_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."exam_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_audio_id_exam_media_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."exam_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_media_exam_idx" ON "exam_media" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "exam_media_owner_idx" ON "exam_media" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "passages_id_exam_idx" ON "passages" USING btree ("id","exam_id");--> statement-breakpoint
CREATE INDEX "passages_exam_idx" ON "passages" USING btree ("exam_id","position");--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_image_id_exam_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."exam_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_image_id_exam_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."exam_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_audio_id_exam_media_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."exam_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_passage_same_exam_fk" FOREIGN KEY ("passage_id","exam_id") REFERENCES "public"."passages"("id","exam_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_passage_idx" ON "questions" USING btree ("passage_id");