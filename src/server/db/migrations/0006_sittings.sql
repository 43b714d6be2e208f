CREATE TYPE "public"."attempt_event_kind" AS ENUM('lobby', 'started', 'resumed', 'offline', 'online', 'submitted', 'auto_submitted', 'time_granted');--> statement-breakpoint
CREATE TABLE "attempt_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" "attempt_event_kind" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"minutes" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "sittings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"school_id" text,
	"grade" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"entry_closes_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sittings_times_ordered" CHECK ("sittings"."starts_at" < "sittings"."entry_closes_at" AND "sittings"."entry_closes_at" <= "sittings"."ends_at"),
	CONSTRAINT "sittings_grade_range" CHECK ("sittings"."grade" IS NULL OR "sittings"."grade" BETWEEN 1 AND 12)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "extra_time_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "extra_time_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "sitting_id" uuid;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "granted_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_exams" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sittings" ADD CONSTRAINT "sittings_created_by_id_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_events_exam_student_idx" ON "attempt_events" USING btree ("exam_id","student_id","at");--> statement-breakpoint
CREATE INDEX "sittings_exam_idx" ON "sittings" USING btree ("exam_id","starts_at");--> statement-breakpoint
ALTER TABLE "student_exams" ADD CONSTRAINT "student_exams_sitting_id_sittings_id_fk" FOREIGN KEY ("sitting_id") REFERENCES "public"."sittings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_extra_time_range" CHECK ("profiles"."extra_time_percent" BETWEEN 0 AND 200 AND "profiles"."extra_time_minutes" BETWEEN 0 AND 600);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_extra_time_students_only" CHECK ("profiles"."role" = 'student' OR ("profiles"."extra_time_percent" = 0 AND "profiles"."extra_time_minutes" = 0));